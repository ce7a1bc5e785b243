package io.tenantscreening.lists;

import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.common.Tenant;
import jakarta.inject.Singleton;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Reads a list call's cursor and per_page into a {@link PageRequest}, and writes the
 * links of a {@link Page} to its neighbours: next_cursor / previous_cursor, and the absolute
 * next_href / previous_href that carry them with per_page.
 * The list name binds cursors to their endpoint.
 */
@Singleton
public class ListLinks {

    private final CursorCodec cursors;
    private final ServiceSettings settings;

    public ListLinks(CursorCodec cursors, ServiceSettings settings) {
        this.cursors = cursors;
        this.settings = settings;
    }

    public PageRequest request(String list, Tenant tenant, String cursor, Integer perPage) {
        return new PageRequest(cursor == null ? null : cursors.decode(list, tenant, cursor),
                perPage == null ? PageRequest.DEFAULT_PER_PAGE : perPage);
    }

    /**
     * The links of a page to its neighbours: their cursors and absolute hrefs, which carry the
     * cursor, per_page and the other query parameters in {@code keep}.
     */
    public PageLinks links(String list, String path, Tenant tenant, Page<?> page, int perPage, Map<String, String> keep) {
        String next = page.next() == null ? null : cursors.encode(list, tenant, page.next());
        String previous = page.previous() == null ? null : cursors.encode(list, tenant, page.previous());
        return new PageLinks(href(path, next, perPage, keep), href(path, previous, perPage, keep), next, previous);
    }

    /** A page's neighbours: the cursor of each and the href that carries it, all null where there is no such page. */
    public record PageLinks(String nextHref, String previousHref, String nextCursor, String previousCursor) {

        public URI nextUri() {
            return nextHref == null ? null : URI.create(nextHref);
        }

        public URI previousUri() {
            return previousHref == null ? null : URI.create(previousHref);
        }
    }

    private String href(String path, String cursor, int perPage, Map<String, String> keep) {
        if (cursor == null) {
            return null;
        }
        StringBuilder href = new StringBuilder(settings.url(path))
                .append("?cursor=").append(encode(cursor))
                .append("&per_page=").append(perPage);
        keep.forEach((name, value) -> href.append('&').append(encode(name)).append('=').append(encode(value)));
        return href.toString();
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
