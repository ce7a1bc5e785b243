package io.tenantscreening.conformance.support;

import io.tenantscreening.auth.Scope;
import io.tenantscreening.organizations.BillingSettings;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;

/**
 * Gives each test an organisation of its own, so tests never share data: before each test
 * it makes one and sets the test's {@link Fresh} fields to it and to its keys.
 */
public final class FreshTenants implements BeforeEachCallback {

    @Override
    public void beforeEach(ExtensionContext context) throws IllegalAccessException {
        Object test = context.getRequiredTestInstance();
        List<Field> fields = new ArrayList<>();
        for (Class<?> type = test.getClass(); type != Object.class; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (field.isAnnotationPresent(Fresh.class)) {
                    fields.add(field);
                }
            }
        }
        if (fields.isEmpty()) {
            throw new IllegalStateException(test.getClass().getSimpleName() + " uses FreshTenants but marks no field @Fresh");
        }
        TestTenant tenant = TestTenant.create();
        if (fields.stream().anyMatch(field -> field.getAnnotation(Fresh.class).cardOnFile())) {
            tenant.billing(BillingSettings.PaymentMethod.OK, false);
        }
        for (Field field : fields) {
            field.setAccessible(true);
            if (field.getType() == TestTenant.class) {
                field.set(test, tenant);
            } else if (field.getType() == String.class) {
                field.set(test, tenant.key(field.getAnnotation(Fresh.class).mode(), Scope.FULL).secret());
            } else {
                throw new IllegalStateException("@Fresh sets TestTenant and String (API key) fields, not " + field);
            }
        }
    }
}
