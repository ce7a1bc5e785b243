package io.tenantscreening.common;

import io.micronaut.context.annotation.ConfigurationProperties;

/** Settings under {@code screening.*}: how clients reach the service, and its environment. */
@ConfigurationProperties("screening")
public class ServiceSettings {

    private String publicBaseUrl = "http://localhost:8080";
    private String environment = "production";

    /** The URL clients reach the service at, without a trailing slash. */
    public String getPublicBaseUrl() {
        return publicBaseUrl;
    }

    public void setPublicBaseUrl(String publicBaseUrl) {
        this.publicBaseUrl = publicBaseUrl.endsWith("/") ? publicBaseUrl.substring(0, publicBaseUrl.length() - 1) : publicBaseUrl;
    }

    public String getEnvironment() {
        return environment;
    }

    public void setEnvironment(String environment) {
        this.environment = environment;
    }

    /** Whether this is the development environment (SCREENING_ENVIRONMENT=development). */
    public boolean isDevelopment() {
        return "development".equals(getEnvironment());
    }

    /** The absolute URL of a path of this service. */
    public String url(String path) {
        return publicBaseUrl + path;
    }
}
