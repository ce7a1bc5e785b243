package io.tenantscreening.conformance.households;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.DrivesABrowser;
import io.tenantscreening.conformance.support.Fresh;
import io.tenantscreening.conformance.support.FreshTenants;
import io.tenantscreening.conformance.support.HeadlessChromium;
import io.tenantscreening.conformance.support.Households;
import io.tenantscreening.conformance.support.Mailbox;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;

import java.util.List;
import java.util.UUID;

import static io.tenantscreening.conformance.support.Households.application;
import static io.tenantscreening.conformance.support.OrderRequests.applicant;
import static io.tenantscreening.conformance.support.OrderRequests.body;
import static io.tenantscreening.conformance.support.OrderRequests.placed;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * openapi.yaml#households, in a real browser (Chromium, headless, {@link HeadlessChromium}):
 * each member's invitation email and apply page name the property and the member's own role,
 * and nothing of the other members (POST /rental_applications, rule 6: each member's order
 * invites its applicant as one placed with POST /orders does). An order of no application
 * says nothing of a household.
 */
@DrivesABrowser
@ExtendWith(FreshTenants.class)
class HouseholdPagesBrowserTest {

    private static final String ADDRESS = "12 Oak Street, Austin, TX 78701";

    @Fresh
    private String key;
    private WebDriver browser;

    /** A member as the test sends it and looks for it: who they are, and the sentence their pages must show. */
    private record Person(String role, String firstName, String lastName, String email, String sentence) {
    }

    @BeforeEach
    void openBrowser() {
        browser = HeadlessChromium.desktop();
    }

    @AfterEach
    void closeBrowser() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void eachMemberIsToldTheirOwnRoleAndThePropertyAndNothingOfTheOthers() {
        String run = UUID.randomUUID().toString();
        Person main = new Person("applicant", "Marisol", "Quintero", "marisol-" + run + "@apply.test",
                "You are applying as the main applicant for the rental of " + ADDRESS
                        + ", together with anyone else on the same rental application.");
        Person co = new Person("co_applicant", "Thaddeus", "Okonkwo", "thaddeus-" + run + "@apply.test",
                "You are applying as a co-applicant for the rental of " + ADDRESS
                        + ", together with anyone else on the same rental application.");
        ObjectNode request = Households.body();
        for (Person person : List.of(main, co)) {
            ((ArrayNode) application(request).get("members")).addObject().put("role", person.role()).putObject("applicant")
                    .put("email", person.email()).put("first_name", person.firstName()).put("last_name", person.lastName());
        }
        JsonNode created = Households.created(key, request);

        for (int index = 0; index < 2; index++) {
            Person person = index == 0 ? main : co;
            Person other = index == 0 ? co : main;
            JsonNode order = Api.get("/orders/" + created.get("members").get(index).get("order_id").asText()).key(key).send().json();
            assertThat(order.get("status").asText()).isEqualTo("waiting_for_applicant");

            Mailbox.Mail invitation = Mailbox.await(person.email(), 1).get(0);
            assertThat(invitation.text().replace("\r\n", "\n")).contains(ADDRESS + "\n\n" + person.sentence() + "\n\n");
            assertThat(invitation.html()).contains(person.sentence());
            for (String shown : List.of(invitation.subject(), invitation.text(), invitation.html())) {
                assertThat(shown).doesNotContain(other.firstName(), other.lastName(), other.email());
            }

            browser.get(order.get("application_url").asText());
            assertThat(browser.findElement(By.id("household")).getText()).isEqualTo(person.sentence());
            assertThat(browser.findElement(By.cssSelector(".property")).getText()).contains(ADDRESS);
            assertThat(browser.getPageSource()).contains(person.sentence())
                    .doesNotContain(other.firstName(), other.lastName(), other.email());
            HeadlessChromium.saveWholePage(browser, "household-apply-" + person.role() + ".png");
        }
    }

    @Test
    void anOrderOfNoApplicationSaysNothingOfAHousehold() {
        String email = "alone-" + UUID.randomUUID() + "@apply.test";
        ObjectNode order = body();
        applicant(order).put("email", email);
        String id = placed(key, order);

        assertThat(Mailbox.await(email, 1).get(0).text()).doesNotContain("applying as", "rental application");
        browser.get(Api.get("/orders/" + id).key(key).send().json().get("application_url").asText());
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Your rental screening");
        assertThat(browser.findElements(By.id("household"))).isEmpty();
    }
}
