package io.tenantscreening.notices;

import io.tenantscreening.common.Text;
import io.tenantscreening.pdf.PdfPages;
import io.tenantscreening.pdf.PdfPages.Piece;
import io.tenantscreening.pdf.PdfPages.Word;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import java.io.IOException;
import java.io.StringReader;
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
 * {@code <br/>} (a new line) inside a block's text. White space runs as in HTML. The pages,
 * the font and the line breaking are {@link PdfPages}'; every page carries a footer with
 * its number.
 */
final class NoticeLayout {

    private static final float MARGIN = PdfPages.MARGIN;
    private static final float WIDTH = PdfPages.WIDTH;
    private static final float TOP = PdfPages.PAGE.getHeight() - 42;
    private static final float BOTTOM = 48;
    private static final float FOOTER = 28;
    private static final float LEADING = 1.3f;
    private static final float TITLE = 17;
    private static final float HEADING = 11.5f;
    private static final float BODY = 10;
    private static final float SMALL = 7.5f;
    private static final float LABEL_WIDTH = 96;
    private static final float INDENT = 17;
    private static final float SMALL_GREY = 0.3f;

    private NoticeLayout() {
    }

    /** The notice of this XML as a PDF: its {@code <notice>} element's {@code title} is the document's title, its {@code footer} every page's footer. */
    static byte[] pdf(String xml) {
        Element notice = parse(xml, "notice");
        PdfPages.Frame frame = new PdfPages.Frame(TOP, BOTTOM, LEADING, PdfPages.Header.NONE, footer(notice.getAttribute("footer")));
        return PdfPages.document(notice.getAttribute("title"), frame, pages -> {
            write(pages, children(notice));
        });
    }

    /** These blocks, laid out from the current position down, on the pages of another document. */
    static void write(PdfPages pages, List<Element> blocks) throws IOException {
        Blocks writer = new Blocks(pages);
        for (Element block : blocks) {
            writer.block(block);
        }
    }

    /** The XML's root element, which must be a {@code <root>}. */
    static Element parse(String xml, String root) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setExpandEntityReferences(false);
            Element element = factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml))).getDocumentElement();
            if (!element.getTagName().equals(root)) {
                throw new IllegalStateException("a notice template must make one <" + root + "> element, not <" + element.getTagName() + ">");
            }
            return element;
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new IllegalStateException("a notice template made XML that does not parse: " + e.getMessage(), e);
        }
    }

    /** The elements inside {@code parent}; text outside them is refused. */
    static List<Element> children(Element parent) {
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

    /** Writes a notice's blocks top to bottom on the pages. */
    private record Blocks(PdfPages pages) {

        void block(Element block) throws IOException {
            switch (block.getTagName()) {
                case "h1" -> {
                    pages.text(pages.lines(words(block), TITLE, WIDTH, true), TITLE, MARGIN, 0);
                    pages.moveDown(6);
                }
                case "h2" -> heading(block);
                case "p" -> {
                    pages.text(pages.lines(words(block), BODY, WIDTH, false), BODY, MARGIN, 0);
                    pages.moveDown(5);
                }
                case "small" -> {
                    pages.moveDown(4);
                    pages.text(pages.lines(words(block), SMALL, WIDTH, false), SMALL, MARGIN, SMALL_GREY);
                    pages.moveDown(3);
                }
                case "ul", "ol" -> list(block);
                case "dl" -> rows(block);
                case "banner" -> banner(block);
                default -> throw new IllegalStateException("a notice template has an unknown block <" + block.getTagName()
                        + ">; blocks are h1, h2, p, small, banner, ul, ol and dl");
            }
        }

        private void heading(Element block) throws IOException {
            List<List<Piece>> lines = pages.lines(words(block), HEADING, WIDTH, true);
            float height = 9 + lines.size() * HEADING * LEADING + 2;
            pages.ensure(height + 2 * BODY * LEADING);
            pages.moveDown(7);
            pages.rule(pages.y(), 0.7f, 0.6f);
            pages.moveDown(2);
            pages.text(lines, HEADING, MARGIN, 0);
            pages.moveDown(2);
        }

        private void list(Element block) throws IOException {
            int number = 0;
            for (Element item : children(block)) {
                if (!item.getTagName().equals("li")) {
                    throw new IllegalStateException("a notice template has <" + item.getTagName() + "> inside <" + block.getTagName()
                            + ">, which holds only <li>");
                }
                number++;
                List<List<Piece>> lines = pages.lines(words(item), BODY, WIDTH - INDENT, false);
                pages.ensure(BODY * LEADING);
                String marker = block.getTagName().equals("ol") ? number + "." : "\u2022";
                float markerX = MARGIN + INDENT - 6 - pages.width(marker, BODY);
                pages.show(marker, BODY, false, markerX, pages.y() - BODY * LEADING + BODY * (LEADING - 1) / 2, 0);
                pages.text(lines, BODY, MARGIN + INDENT, 0);
                pages.moveDown(2);
            }
            pages.moveDown(3);
        }

        private void rows(Element block) throws IOException {
            List<Element> cells = children(block);
            for (int i = 0; i < cells.size(); i += 2) {
                Element label = cells.get(i);
                Element value = i + 1 < cells.size() ? cells.get(i + 1) : null;
                if (!label.getTagName().equals("dt") || value == null || !value.getTagName().equals("dd")) {
                    throw new IllegalStateException("a notice template's <dl> must hold pairs of <dt> and <dd>");
                }
                List<List<Piece>> labels = pages.lines(words(label), BODY, LABEL_WIDTH - 8, true);
                List<List<Piece>> values = pages.lines(words(value), BODY, WIDTH - LABEL_WIDTH, false);
                float height = Math.max(labels.size(), values.size()) * BODY * LEADING;
                pages.ensure(height);
                float top = pages.y();
                pages.text(labels, BODY, MARGIN, 0);
                pages.moveTo(top);
                pages.text(values, BODY, MARGIN + LABEL_WIDTH, 0);
                pages.moveTo(top - height - 1.5f);
            }
            pages.moveDown(4);
        }

        private void banner(Element block) throws IOException {
            float padding = 6;
            List<List<Piece>> lines = pages.lines(words(block), BODY, WIDTH - 2 * padding, true);
            float height = lines.size() * BODY * LEADING + 2 * padding + 3;
            pages.ensure(height);
            float top = pages.y();
            pages.box(top, height, 0.92f, 0.2f);
            pages.moveDown(padding);
            pages.text(lines, BODY, MARGIN + padding, 0);
            pages.moveTo(top - height - 8);
        }
    }

    /** At the foot of every page: the notice's footer and "Page n of m". */
    private static PdfPages.Footer footer(String footer) {
        return (pages, number, count) -> {
            String pageNumber = "Page " + number + " of " + count;
            List<Piece> left = pages.lines(PdfPages.Word.of(Text.collapse(footer), false), SMALL,
                    WIDTH - pages.width(pageNumber, SMALL) - 12, false).get(0);
            pages.draw(left, SMALL, MARGIN, FOOTER, SMALL_GREY);
            pages.show(pageNumber, SMALL, false, MARGIN + WIDTH - pages.width(pageNumber, SMALL), FOOTER, SMALL_GREY);
        };
    }
}
