package io.tenantscreening.conformance;

import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;

/**
 * A route that exists only in the test run and always fails with an exception whose
 * message looks like SQL, to prove that nothing of a failure leaks into a 500.
 */
@Controller("/test-only")
public class FailingTestController {

    static final String SECRET_MESSAGE = "SELECT digest FROM api_keys WHERE id = 'key_x' -- PSQLException";

    @Get("/failure")
    public String failure() {
        throw new IllegalStateException(SECRET_MESSAGE);
    }
}
