package io.tenantscreening.pdf;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.pdmodel.graphics.state.RenderingMode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The page writer of every PDF the service makes (reports and notices): US Letter pages
 * filled top to bottom with Apache PDFBox, a new page when one is full, a header drawn at
 * the top of each page as it starts and a footer at the foot of each once the pages are
 * counted ("page n of m").
 *
 * <p>Text is set in Liberation Sans, which PDFBox ships and which is embedded, so names in
 * most scripts print; a character the font lacks prints as '?'. Bold is the same face
 * filled and outlined: PDFBox ships no bold face, and a standard PDF font would have PDFBox
 * search the machine's fonts. Lines break between words, and inside a word only when the
 * word alone is wider than the line.
 */
public final class PdfPages {

    public static final PDRectangle PAGE = PDRectangle.LETTER;
    public static final float MARGIN = 54;
    public static final float WIDTH = PAGE.getWidth() - 2 * MARGIN;

    private static final String FONT = "/org/apache/pdfbox/resources/ttf/LiberationSans-Regular.ttf";
    /** The outline that makes the regular face bold, as a share of the type size. */
    private static final float BOLD_OUTLINE = 0.04f;

    /** Where each page's content starts and ends, the line height as a multiple of the type size, and what each page carries. */
    public record Frame(float top, float bottom, float leading, Header header, Footer footer) {
    }

    /** Draws a page's header as the page starts, from {@link #y()} (the frame's top) down. */
    @FunctionalInterface
    public interface Header {
        Header NONE = pages -> {
        };

        void draw(PdfPages pages) throws IOException;
    }

    /** Draws page {@code number} of {@code count}'s footer, in the margin below the frame's bottom. */
    @FunctionalInterface
    public interface Footer {
        void draw(PdfPages pages, int number, int count) throws IOException;
    }

    /** Writes the document's content, top to bottom. */
    @FunctionalInterface
    public interface Body {
        void write(PdfPages pages) throws IOException;
    }

    /** A word, bold or not, after a space or not; or a line break. */
    public record Word(String text, boolean bold, boolean spaceBefore) {
        public static final Word BREAK = new Word("\n", false, false);

        /** The words of a plain text, separated by its spaces; a run of spaces keeps its width. */
        public static List<Word> of(String text, boolean bold) {
            List<Word> words = new ArrayList<>();
            for (String word : text.split(" ")) {
                words.add(new Word(word, bold, !words.isEmpty()));
            }
            return words;
        }
    }

    /** A piece of one line: text of one style at its offset from the line's start. */
    public record Piece(String text, boolean bold, float x) {
    }

    private final PDDocument document;
    private final PDType0Font font;
    private final Frame frame;
    private PDPageContentStream content;
    private float y;

    private PdfPages(PDDocument document, PDType0Font font, Frame frame) {
        this.document = document;
        this.font = font;
        this.frame = frame;
    }

    /** The document titled {@code title}, its pages framed by {@code frame}, with what {@code body} writes. */
    public static byte[] document(String title, Frame frame, Body body) {
        try (PDDocument document = new PDDocument(); InputStream font = PdfPages.class.getResourceAsStream(FONT)) {
            PDDocumentInformation info = document.getDocumentInformation();
            info.setTitle(title);
            info.setProducer("Tenant screening service");
            PdfPages pages = new PdfPages(document, PDType0Font.load(document, font), frame);
            pages.newPage();
            body.write(pages);
            pages.content.close();
            pages.footers();
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How far down the page the writer is: the top of the next line. */
    public float y() {
        return y;
    }

    public void moveTo(float y) {
        this.y = y;
    }

    public void moveDown(float distance) {
        y -= distance;
    }

    public float leading() {
        return frame.leading();
    }

    /** Ends the page here: what follows starts on a new one. */
    public void breakPage() throws IOException {
        content.close();
        newPage();
    }

    /** Starts a new page unless {@code height} still fits above the frame's bottom. */
    public void ensure(float height) throws IOException {
        if (y - height < frame.bottom()) {
            content.close();
            newPage();
        }
    }

    /** Plain text wrapped to {@code width} and drawn at {@code x}, each line below the last. */
    public void paragraph(String text, float size, boolean bold, float x, float width, float grey) throws IOException {
        text(lines(Word.of(text, bold), size, width, bold), size, x, grey);
    }

    /** Lines, each drawn below the last from the current position down, on a new page when one would not fit. */
    public void text(List<List<Piece>> lines, float size, float x, float grey) throws IOException {
        for (List<Piece> line : lines) {
            ensure(size * frame.leading());
            y -= size * frame.leading();
            draw(line, size, x, y + size * (frame.leading() - 1) / 2, grey);
        }
    }

    /** One line of text at a fixed place, not wrapped. */
    public void show(String text, float size, boolean bold, float x, float baseline, float grey) throws IOException {
        draw(List.of(new Piece(printable(text), bold, 0)), size, x, baseline, grey);
    }

    /** One line's pieces at a fixed place. */
    public void draw(List<Piece> line, float size, float x, float baseline, float grey) throws IOException {
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

    /** A thin line across the text's width at {@code at}. */
    public void rule(float at, float grey, float lineWidth) throws IOException {
        content.setStrokingColor(grey);
        content.setLineWidth(lineWidth);
        content.moveTo(MARGIN, at);
        content.lineTo(MARGIN + WIDTH, at);
        content.stroke();
        content.setStrokingColor(0f);
    }

    /** A framed box across the text's width, {@code height} high below {@code top}, filled in {@code fill}. */
    public void box(float top, float height, float fill, float stroke) throws IOException {
        content.setNonStrokingColor(fill);
        content.setStrokingColor(stroke);
        content.setLineWidth(1);
        content.addRect(MARGIN, top - height, WIDTH, height);
        content.fillAndStroke();
        content.setNonStrokingColor(0f);
        content.setStrokingColor(0f);
    }

    public float width(String text, float size) throws IOException {
        return font.getStringWidth(text) / 1000 * size;
    }

    /** The words broken into lines of at most {@code width}; a word longer than a line is broken where it must. */
    public List<List<Piece>> lines(List<Word> words, float size, float width, boolean bold) throws IOException {
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

    private void newPage() throws IOException {
        PDPage page = new PDPage(PAGE);
        document.addPage(page);
        content = new PDPageContentStream(document, page);
        y = frame.top();
        frame.header().draw(this);
    }

    private void footers() throws IOException {
        int count = document.getNumberOfPages();
        for (int number = 1; number <= count; number++) {
            try (PDPageContentStream foot = new PDPageContentStream(document, document.getPage(number - 1),
                    PDPageContentStream.AppendMode.APPEND, true, true)) {
                content = foot;
                frame.footer().draw(this, number, count);
            }
        }
    }
}
