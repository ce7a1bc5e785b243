package io.tenantscreening.events;

import io.micronaut.core.convert.ConversionContext;
import io.micronaut.core.convert.TypeConverter;
import io.tenantscreening.api.model.EventType;
import jakarta.inject.Singleton;

import java.util.Arrays;
import java.util.Optional;

/** Binds the {@code type} query parameter ({@code order.pending}, ...) to the generated enum, whose constants are named otherwise. */
@Singleton
public class EventTypeConverter implements TypeConverter<String, EventType> {

    @Override
    public Optional<EventType> convert(String value, Class<EventType> targetType, ConversionContext context) {
        return Arrays.stream(EventType.values()).filter(type -> type.getValue().equals(value)).findFirst();
    }
}
