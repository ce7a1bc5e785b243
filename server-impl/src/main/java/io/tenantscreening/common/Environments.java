package io.tenantscreening.common;

/**
 * The Micronaut environments the service starts itself in, named here so that any layer can
 * switch a bean off in one of them.
 */
public final class Environments {

    /** The operator command line's: what only the running service does (workers, start-up checks, routing) is off in it. */
    public static final String OPERATOR = "operator";

    private Environments() {
    }
}
