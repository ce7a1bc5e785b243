package io.tenantscreening.common.lists;

import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.ServiceSettings;
import jakarta.inject.Singleton;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

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

    public PageRequest request(String list, Caller caller, String cursor, Integer perPage) {
        return new PageRequest(cursor == null ? null : cursors.decode(list, caller, cursor),
                perPage == null ? PageRequest.DEFAULT_PER_PAGE : perPage);
    }

    /** The href of the page a cursor points to, or null when there is no such page. */
    public String href(String list, String path, Caller caller, Cursor cursor, int perPage) {
        if (cursor == null) {
            return null;
        }
        return settings.url(path) + "?cursor=" + URLEncoder.encode(cursors.encode(list, caller, cursor), StandardCharsets.UTF_8)
                + "&per_page=" + perPage;
    }
}
