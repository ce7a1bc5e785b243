package io.tenantscreening.notices;

import io.micronaut.context.annotation.Context;
import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.pdf.PdfPages;
import org.unbescape.html.HtmlEscape;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The summary of consumer rights under the FCRA that goes with every written disclosure to the
 * consumer (FCRA section 609(c)(2); the model form of 12 CFR part 1022, appendix K): the notice
 * templates' {@code summary-of-rights.xml}, made once at start with {@code agency} as its only
 * variable. The pre-adverse notice includes the same file (its fragment {@code rights}); this
 * class gives it to the applicant's copy of the report, laid out on the copy's PDF pages
 * ({@link #write}) and as HTML for the copy's page ({@link #html}). The file may hold only the
 * blocks {@code h2}, {@code p}, {@code small}, {@code ul} and {@code ol} (of {@code li}), with
 * {@code b} and {@code br} in their text: anything else stops the start, naming the file.
 */
@Context
public class RightsSummary {

    /** The summary's file in a set of notice templates. */
    static final String FILE = "summary-of-rights.xml";

    private static final String ROOT = "summary";
    private static final Set<String> BLOCKS = Set.of("h2", "p", "small", "ul", "ol");

    private final String xml;
    private final String html;

    public RightsSummary(NoticeTemplates templates, AgencySettings agency) {
        xml = templates.process(FILE, Map.of("agency", NoticeVariables.agency(agency)));
        try {
            StringBuilder out = new StringBuilder();
            for (Element block : blocks()) {
                html(block, out);
            }
            html = out.toString();
        } catch (IllegalStateException e) {
            throw new IllegalStateException(FILE + ": " + e.getMessage(), e);
        }
    }

    /** The summary as HTML, its text escaped: {@code h2}, {@code p}, {@code ul} and {@code ol}, with {@code strong} and {@code br}. */
    public String html() {
        return html;
    }

    /** The summary laid out as the notices lay it out, from the current position of these pages down. */
    public void write(PdfPages pages) throws IOException {
        NoticeLayout.write(pages, blocks());
    }

    /** The blocks, parsed anew for each use: a DOM is not safe to read from several threads at once. */
    private List<Element> blocks() {
        return NoticeLayout.children(NoticeLayout.parse(xml, ROOT));
    }

    private static void html(Element block, StringBuilder out) {
        String tag = block.getTagName();
        if (!BLOCKS.contains(tag)) {
            throw new IllegalStateException("the summary has a block <" + tag + ">; its blocks are h2, p, small, ul and ol");
        }
        switch (tag) {
            case "ul", "ol" -> {
                out.append('<').append(tag).append('>');
                for (Element item : NoticeLayout.children(block)) {
                    if (!item.getTagName().equals("li")) {
                        throw new IllegalStateException("the summary has <" + item.getTagName() + "> inside <" + tag + ">, which holds only <li>");
                    }
                    out.append("<li>");
                    inline(item, out);
                    out.append("</li>");
                }
                out.append("</").append(tag).append(">\n");
            }
            case "small" -> {
                out.append("<p><small>");
                inline(block, out);
                out.append("</small></p>\n");
            }
            default -> {
                out.append('<').append(tag).append('>');
                inline(block, out);
                out.append("</").append(tag).append(">\n");
            }
        }
    }

    private static void inline(Element element, StringBuilder out) {
        for (Node node = element.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element inline) {
                switch (inline.getTagName()) {
                    case "b" -> {
                        out.append("<strong>");
                        inline(inline, out);
                        out.append("</strong>");
                    }
                    case "br" -> out.append("<br>");
                    default -> throw new IllegalStateException("the summary has <" + inline.getTagName() + "> inside <"
                            + element.getTagName() + ">; text may hold only <b> and <br/>");
                }
            } else if (node.getNodeType() == Node.TEXT_NODE || node.getNodeType() == Node.CDATA_SECTION_NODE) {
                out.append(HtmlEscape.escapeHtml4Xml(node.getTextContent()));
            }
        }
    }
}
