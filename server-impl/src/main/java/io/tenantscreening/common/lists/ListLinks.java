package io.tenantscreening.common.lists;

import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.common.Tenant;
import jakarta.inject.Singleton;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Reads a list call's cursor and per_page into a {@link PageRequest}, and writes the
 * absolute next_href / previous_href of a {@link Page}, carrying the cursor and per_page.
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

    /** The href of the page a cursor points to, or null when there is no such page. */
    public String href(String list, String path, Tenant tenant, Cursor cursor, int perPage) {
        return href(list, path, tenant, cursor, perPage, Map.of());
    }

    /** Like {@link #href(String, String, Tenant, Cursor, int)}, also keeping other query parameters of the request. */
    public String href(String list, String path, Tenant tenant, Cursor cursor, int perPage, Map<String, String> keep) {
        if (cursor == null) {
            return null;
        }
        StringBuilder href = new StringBuilder(settings.url(path))
                .append("?cursor=").append(encode(cursors.encode(list, tenant, cursor)))
                .append("&per_page=").append(perPage);
        keep.forEach((name, value) -> href.append('&').append(encode(name)).append('=').append(encode(value)));
        return href.toString();
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }
}
