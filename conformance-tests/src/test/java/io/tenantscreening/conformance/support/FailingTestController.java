package io.tenantscreening.conformance.support;

import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

/**
 * Routes that exist only in the test run and always fail: with an exception whose message
 * looks like SQL, to prove that nothing of a failure leaks into a 500, and with an Error
 * rather than an Exception, to prove that errors end in the envelope too.
 */
@Controller("/test-only")
public class FailingTestController {

    static final String SECRET_MESSAGE = "SELECT digest FROM api_keys WHERE id = 'key_x' -- PSQLException";

    @Get("/failure")
    public String failure() {
        throw new IllegalStateException(SECRET_MESSAGE);
    }

    @Get("/stack-overflow")
    public String stackOverflow() {
        throw new StackOverflowError(SECRET_MESSAGE);
    }
}
