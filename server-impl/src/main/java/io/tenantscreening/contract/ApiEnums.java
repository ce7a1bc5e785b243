package io.tenantscreening.contract;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * The constant of a generated API enum for its value on the wire, from a map made once per
 * enum type. The generated {@code toEnum} streams over every constant on each call, and the
 * mappers call it several times for each item of a list (a page of orders named 50 US states
 * a hundred times): that was a sixth of the time of a list page with includes.
 */
public final class ApiEnums {

    private static final ClassValue<Map<String, Object>> BY_VALUE = new ClassValue<>() {
        @Override
        protected Map<String, Object> computeValue(Class<?> type) {
            try {
                Method value = type.getMethod("getValue");
                if (value.getReturnType() != String.class) {
                    throw new NoSuchMethodException(type.getName() + ".getValue() answers no String");
                }
                Map<String, Object> constants = new HashMap<>();
                for (Object constant : type.getEnumConstants()) {
                    constants.put((String) value.invoke(constant), constant);
                }
                return Collections.unmodifiableMap(constants);
            } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException(type + " is not a generated API enum (it has no String getValue())", e);
            }
        }
    };

    private ApiEnums() {
    }

    /** The constant of {@code type} whose wire value is {@code value}; throws, as the generated toEnum does, for any other value (null included). */
    public static <E extends Enum<E>> E of(Class<E> type, String value) {
        Object constant = BY_VALUE.get(type).get(value);
        if (constant == null) {
            throw new IllegalArgumentException("Unknown value '" + value + "' of " + type.getSimpleName() + ".");
        }
        return type.cast(constant);
    }
}
