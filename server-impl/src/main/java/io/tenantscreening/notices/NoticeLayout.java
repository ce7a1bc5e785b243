package io.tenantscreening.notices;

import io.tenantscreening.common.Text;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.graphics.state.RenderingMode;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A notice as a PDF (Apache PDFBox, US Letter), laid out from the XML its template makes.
 * The XML is a small vocabulary of blocks, in this order on the page:
 * <ul>
 *   <li>{@code <h1>} the title, {@code <h2>} a section's heading (kept with what follows it),</li>
 *   <li>{@code <p>} a paragraph, {@code <small>} small print, {@code <banner>} a framed warning,</li>
 *   <li>{@code <ul>} and {@code <ol>} lists of {@code <li>}, and {@code <dl>}, rows of a label
 *       ({@code <dt>}) beside its value ({@code <dd>}),</li>
 * </ul>
 * inside a {@code <notice>} whose attributes {@code title} and {@code footer} give the
 * document's title and the line at the foot of each page, with {@code <b>} (bold) and
 * {@code <br/>} (a new line) inside a block's text. White space runs as in HTML. Text is set in Liberation Sans, embedded; bold
 * is the same face drawn with a thin outline, so every character the regular face has
 * prints in both. A character the font lacks prints as '?'. Every page carries a footer
 * with its number, and the content goes on to a new page when one is full.
 */
final class NoticeLayout {

    private static final String FONT = "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf";
    private static final PDRectangle PAGE = PDRectangle.LETTER;
    private static final float MARGIN = 54;
    private static final float WIDTH = PAGE.getWidth() - 2 * MARGIN;
    private static final float TOP = PAGE.getHeight() - 42;
    private static final float BOTTOM = 48;
    private static final float FOOTER = 28;
    private static final float LEADING = 1.3f;
    private static final float TITLE = 17;
    private static final float HEADING = 11.5f;
    private static final float BODY = 10;
    private static final float SMALL = 7.5f;
    private static final float LABEL_WIDTH = 96;
    private static final float INDENT = 17;
    private static final float BOLD_OUTLINE = 0.045f;
    private static final float SMALL_GREY = 0.3f;

    private NoticeLayout() {
    }

    /** The notice of this XML as a PDF: its {@code <notice>} element's {@code title} is the document's title, its {@code footer} every page's footer. */
    static byte[] pdf(String xml) {
        Element notice = parse(xml);
        try (PDDocument document = new PDDocument(); InputStream font = NoticeLayout.class.getResourceAsStream(FONT)) {
            PDDocumentInformation info = document.getDocumentInformation();
            info.setTitle(notice.getAttribute("title"));
            info.setProducer("Tenant screening service");
            Writer writer = new Writer(document, PDType0Font.load(document, font));
            for (Element block : children(notice)) {
                writer.block(block);
            }
            writer.close();
            writer.footers(notice.getAttribute("footer"));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Element parse(String xml) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setExpandEntityReferences(false);
            Element root = factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml))).getDocumentElement();
            if (!root.getTagName().equals("notice")) {
                throw new IllegalStateException("a notice template must make one <notice> element, not <" + root.getTagName() + ">");
            }
            return root;
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new IllegalStateException("a notice template made XML that does not parse: " + e.getMessage(), e);
        }
    }

    private static List<Element> children(Element parent) {
        List<Element> elements = new ArrayList<>();
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element) {
                elements.add(element);
            } else if (node.getNodeType() == Node.TEXT_NODE && Text.trimToNull(node.getTextContent()) != null) {
                throw new IllegalStateException("a notice template has text outside a block, inside <" + parent.getTagName() + ">: "
                        + Text.collapse(node.getTextContent()));
            }
        }
        return elements;
    }

    /** A word of a block's text, bold or not, after a space or not; or a line break. */
    private record Word(String text, boolean bold, boolean spaceBefore) {
        static final Word BREAK = new Word("\n", false, false);
    }

    /** A piece of one line: text of one style at its offset from the line's start. */
    private record Piece(String text, boolean bold, float x) {
    }

    /** The words of a block's text, white space collapsed as in HTML. */
    private static List<Word> words(Element block) {
        List<Word> words = new ArrayList<>();
        collect(block, false, words, new boolean[]{false});
        return words;
    }

    private static void collect(Element element, boolean bold, List<Word> words, boolean[] pendingSpace) {
        for (Node node = element.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element inline) {
                switch (inline.getTagName()) {
                    case "b" -> collect(inline, true, words, pendingSpace);
                    case "br" -> {
                        words.add(Word.BREAK);
                        pendingSpace[0] = false;
                    }
                    default -> throw new IllegalStateException("a notice template has <" + inline.getTagName() + "> inside <"
                            + element.getTagName() + ">; text may hold only <b> and <br/>");
                }
            } else if (node.getNodeType() == Node.TEXT_NODE || node.getNodeType() == Node.CDATA_SECTION_NODE) {
                String text = node.getTextContent();
                int i = 0;
                while (i < text.length()) {
                    int codePoint = text.codePointAt(i);
                    if (Text.isSpace(codePoint)) {
                        pendingSpace[0] = true;
                        i += Character.charCount(codePoint);
                        continue;
                    }
                    int end = i;
                    while (end < text.length() && !Text.isSpace(text.codePointAt(end))) {
                        end += Character.charCount(text.codePointAt(end));
                    }
                    boolean afterWord = !words.isEmpty() && words.get(words.size() - 1) != Word.BREAK;
                    words.add(new Word(text.substring(i, end), bold, pendingSpace[0] && afterWord));
                    pendingSpace[0] = false;
                    i = end;
                }
            }
        }
    }

    /** Writes blocks top to bottom, starting a new page when one is full. */
    private static final class Writer {
        private final PDDocument document;
        private final PDType0Font font;
        private PDPageContentStream content;
        private float y;

        Writer(PDDocument document, PDType0Font font) throws IOException {
            this.document = document;
            this.font = font;
            newPage();
        }

        void block(Element block) throws IOException {
            switch (block.getTagName()) {
                case "h1" -> {
                    text(lines(words(block), TITLE, WIDTH, true), TITLE, MARGIN, 0);
                    y -= 6;
                }
                case "h2" -> heading(block);
                case "p" -> {
                    text(lines(words(block), BODY, WIDTH, false), BODY, MARGIN, 0);
                    y -= 5;
                }
                case "small" -> {
                    y -= 4;
                    text(lines(words(block), SMALL, WIDTH, false), SMALL, MARGIN, SMALL_GREY);
                    y -= 3;
                }
                case "ul", "ol" -> list(block);
                case "dl" -> rows(block);
                case "banner" -> banner(block);
                default -> throw new IllegalStateException("a notice template has an unknown block <" + block.getTagName()
                        + ">; blocks are h1, h2, p, small, banner, ul, ol and dl");
            }
        }

        private void heading(Element block) throws IOException {
            List<List<Piece>> lines = lines(words(block), HEADING, WIDTH, true);
            float height = 9 + lines.size() * HEADING * LEADING + 2;
            ensure(height + 2 * BODY * LEADING);
            y -= 7;
            content.setStrokingColor(0.7f);
            content.setLineWidth(0.6f);
            content.moveTo(MARGIN, y);
            content.lineTo(MARGIN + WIDTH, y);
            content.stroke();
            y -= 2;
            text(lines, HEADING, MARGIN, 0);
            y -= 2;
        }

        private void list(Element block) throws IOException {
            int number = 0;
            for (Element item : children(block)) {
                if (!item.getTagName().equals("li")) {
                    throw new IllegalStateException("a notice template has <" + item.getTagName() + "> inside <" + block.getTagName()
                            + ">, which holds only <li>");
                }
                number++;
                List<List<Piece>> lines = lines(words(item), BODY, WIDTH - INDENT, false);
                ensure(BODY * LEADING);
                String marker = block.getTagName().equals("ol") ? number + "." : "\u2022";
                float markerX = MARGIN + INDENT - 6 - width(marker, BODY);
                draw(List.of(new Piece(marker, false, 0)), BODY, markerX, y - BODY * LEADING + BODY * (LEADING - 1) / 2, 0);
                text(lines, BODY, MARGIN + INDENT, 0);
                y -= 2;
            }
            y -= 3;
        }

        private void rows(Element block) throws IOException {
            List<Element> cells = children(block);
            for (int i = 0; i < cells.size(); i += 2) {
                Element label = cells.get(i);
                Element value = i + 1 < cells.size() ? cells.get(i + 1) : null;
                if (!label.getTagName().equals("dt") || value == null || !value.getTagName().equals("dd")) {
                    throw new IllegalStateException("a notice template's <dl> must hold pairs of <dt> and <dd>");
                }
                List<List<Piece>> labels = lines(words(label), BODY, LABEL_WIDTH - 8, true);
                List<List<Piece>> values = lines(words(value), BODY, WIDTH - LABEL_WIDTH, false);
                float height = Math.max(labels.size(), values.size()) * BODY * LEADING;
                ensure(height);
                float top = y;
                text(labels, BODY, MARGIN, 0);
                y = top;
                text(values, BODY, MARGIN + LABEL_WIDTH, 0);
                y = top - height - 1.5f;
            }
            y -= 4;
        }

        private void banner(Element block) throws IOException {
            float padding = 6;
            List<List<Piece>> lines = lines(words(block), BODY, WIDTH - 2 * padding, true);
            float height = lines.size() * BODY * LEADING + 2 * padding + 3;
            ensure(height);
            content.setNonStrokingColor(0.92f);
            content.setStrokingColor(0.2f);
            content.setLineWidth(1);
            content.addRect(MARGIN, y - height, WIDTH, height);
            content.fillAndStroke();
            content.setNonStrokingColor(0f);
            float top = y;
            y -= padding;
            text(lines, BODY, MARGIN + padding, 0);
            y = top - height - 8;
        }

        /** Lines, each drawn below the last from the current position down. */
        private void text(List<List<Piece>> lines, float size, float x, float grey) throws IOException {
            for (List<Piece> line : lines) {
                ensure(size * LEADING);
                y -= size * LEADING;
                draw(line, size, x, y + size * (LEADING - 1) / 2, grey);
            }
        }

        private void draw(List<Piece> line, float size, float x, float baseline, float grey) throws IOException {
            content.setNonStrokingColor(grey);
            content.setStrokingColor(grey);
            for (Piece piece : line) {
                content.beginText();
                content.setFont(font, size);
                if (piece.bold()) {
                    content.setRenderingMode(RenderingMode.FILL_STROKE);
                    content.setLineWidth(size * BOLD_OUTLINE);
                } else {
                    content.setRenderingMode(RenderingMode.FILL);
                }
                content.newLineAtOffset(x + piece.x(), baseline);
                content.showText(piece.text());
                content.endText();
            }
            content.setNonStrokingColor(0f);
            content.setStrokingColor(0f);
        }

        /** The words broken into lines of at most {@code width}; a word longer than a line is broken where it must. */
        private List<List<Piece>> lines(List<Word> words, float size, float width, boolean bold) throws IOException {
            List<List<Piece>> lines = new ArrayList<>();
            List<Piece> line = new ArrayList<>();
            float x = 0;
            float space = width(" ", size);
            for (Word word : words) {
                if (word == Word.BREAK) {
                    lines.add(line);
                    line = new ArrayList<>();
                    x = 0;
                    continue;
                }
                boolean strong = bold || word.bold();
                boolean spaceBefore = word.spaceBefore();
                for (String part : fitting(printable(word.text()), size, width)) {
                    float gap = line.isEmpty() || !spaceBefore ? 0 : space;
                    spaceBefore = false;
                    float wordWidth = width(part, size);
                    if (!line.isEmpty() && x + gap + wordWidth > width) {
                        lines.add(line);
                        line = new ArrayList<>();
                        x = 0;
                        gap = 0;
                    }
                    Piece last = line.isEmpty() ? null : line.get(line.size() - 1);
                    if (last != null && last.bold() == strong) {
                        line.set(line.size() - 1, new Piece(last.text() + (gap > 0 ? " " : "") + part, strong, last.x()));
                    } else {
                        line.add(new Piece(part, strong, x + gap));
                    }
                    x += gap + wordWidth;
                }
            }
            if (!line.isEmpty() || lines.isEmpty()) {
                lines.add(line);
            }
            return lines;
        }

        /** The word as it is when it fits on a line, else in pieces that each do. */
        private List<String> fitting(String word, float size, float width) throws IOException {
            if (width(word, size) <= width) {
                return List.of(word);
            }
            List<String> parts = new ArrayList<>();
            int start = 0;
            while (start < word.length()) {
                int end = start + Character.charCount(word.codePointAt(start));
                while (end < word.length()) {
                    int next = end + Character.charCount(word.codePointAt(end));
                    if (width(word.substring(start, next), size) > width) {
                        break;
                    }
                    end = next;
                }
                parts.add(word.substring(start, end));
                start = end;
            }
            return parts;
        }

        private float width(String text, float size) throws IOException {
            return font.getStringWidth(text) / 1000 * size;
        }

        /** The text with each character the font cannot show replaced by '?'. */
        private String printable(String text) {
            StringBuilder out = new StringBuilder(text.length());
            text.codePoints().forEach(codePoint -> {
                String character = Character.toString(codePoint);
                try {
                    font.encode(character);
                    out.append(character);
                } catch (IllegalArgumentException | IOException e) {
                    out.append('?');
                }
            });
            return out.toString();
        }

        private void ensure(float height) throws IOException {
            if (y - height < BOTTOM) {
                content.close();
                newPage();
            }
        }

        private void newPage() throws IOException {
            PDPage page = new PDPage(PAGE);
            document.addPage(page);
            content = new PDPageContentStream(document, page);
            y = TOP;
        }

        void close() throws IOException {
            content.close();
        }

        /** On every page, at its foot: the footer and "page n of m". */
        void footers(String footer) throws IOException {
            int count = document.getNumberOfPages();
            for (int n = 1; n <= count; n++) {
                PDPage page = document.getPage(n - 1);
                try (PDPageContentStream foot = new PDPageContentStream(document, page, PDPageContentStream.AppendMode.APPEND, true, true)) {
                    content = foot;
                    String pageNumber = "Page " + n + " of " + count;
                    List<Piece> left = lines(footerWords(footer), SMALL, WIDTH - width(pageNumber, SMALL) - 12, false).get(0);
                    draw(left, SMALL, MARGIN, FOOTER, SMALL_GREY);
                    draw(List.of(new Piece(pageNumber, false, 0)), SMALL, MARGIN + WIDTH - width(pageNumber, SMALL), FOOTER, SMALL_GREY);
                }
            }
        }

        private static List<Word> footerWords(String text) {
            List<Word> words = new ArrayList<>();
            for (String word : Text.collapse(text).split(" ")) {
                words.add(new Word(word, false, !words.isEmpty()));
            }
            return words;
        }
    }
}
