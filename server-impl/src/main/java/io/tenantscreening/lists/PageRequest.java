package io.tenantscreening.lists;


/** What a list call asks for: where to start (null for the newest page) and how many records. */
public record PageRequest(Cursor cursor, int perPage) {

    public static final int DEFAULT_PER_PAGE = 25;
    public static final int MAX_PER_PAGE = 100;
}
