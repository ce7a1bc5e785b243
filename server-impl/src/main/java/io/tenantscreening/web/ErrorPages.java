package io.tenantscreening.web;

import io.micronaut.http.HttpStatus;
import io.micronaut.http.MutableHttpResponse;

/**
 * Errors as HTML pages a person can read, for the page routes ({@link Routes#isPage}) where
 * the API's JSON envelope would mean nothing. The pages feature implements it, so the error
 * handlers here answer on pages without knowing them.
 */
public interface ErrorPages {

    /** A page for this status, with the request id to quote. */
    MutableHttpResponse<String> page(HttpStatus status, String requestId);
}
