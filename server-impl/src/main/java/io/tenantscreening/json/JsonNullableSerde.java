package io.tenantscreening.json;

import io.micronaut.core.type.Argument;
import io.micronaut.serde.Decoder;
import io.micronaut.serde.Deserializer;
import io.micronaut.serde.Encoder;
import io.micronaut.serde.Serde;
import io.micronaut.serde.Serializer;
import io.micronaut.serde.exceptions.SerdeException;
import jakarta.inject.Singleton;
import org.openapitools.jackson.nullable.JsonNullable;

import java.io.IOException;

/**
 * Reads and writes the generated models' {@link JsonNullable} fields, so that a member that
 * is absent, a member that is {@code null} and a member with a value stay three different
 * things in both directions.
 */
@Singleton
public class JsonNullableSerde implements Serde<JsonNullable<Object>> {

    @Override
    public Serializer<JsonNullable<Object>> createSpecific(EncoderContext context, Argument<? extends JsonNullable<Object>> type)
            throws SerdeException {
        Argument<Object> inner = innerType(type);
        Serializer<? super Object> valueSerializer = context.findSerializer(inner).createSpecific(context, inner);
        return new Serializer<>() {
            @Override
            public void serialize(Encoder encoder, EncoderContext ctx, Argument<? extends JsonNullable<Object>> t,
                                  JsonNullable<Object> value) throws IOException {
                Object present = value.get();
                if (present == null) {
                    encoder.encodeNull();
                } else {
                    valueSerializer.serialize(encoder, ctx, inner, present);
                }
            }

            @Override
            public boolean isAbsent(EncoderContext ctx, JsonNullable<Object> value) {
                return value == null || !value.isPresent();
            }

            @Override
            public boolean isEmpty(EncoderContext ctx, JsonNullable<Object> value) {
                return isAbsent(ctx, value);
            }
        };
    }

    @Override
    public void serialize(Encoder encoder, EncoderContext context, Argument<? extends JsonNullable<Object>> type,
                          JsonNullable<Object> value) throws IOException {
        createSpecific(context, type).serialize(encoder, context, type, value);
    }

    @Override
    public boolean isAbsent(EncoderContext context, JsonNullable<Object> value) {
        return value == null || !value.isPresent();
    }

    @Override
    public JsonNullable<Object> deserialize(Decoder decoder, DecoderContext context, Argument<? super JsonNullable<Object>> type)
            throws IOException {
        if (decoder.decodeNull()) {
            return JsonNullable.of(null);
        }
        Argument<Object> inner = innerType(type);
        Deserializer<?> valueDeserializer = context.findDeserializer(inner).createSpecific(context, inner);
        return JsonNullable.of(valueDeserializer.deserialize(decoder, context, inner));
    }

    @Override
    public JsonNullable<Object> deserializeNullable(Decoder decoder, DecoderContext context,
                                                    Argument<? super JsonNullable<Object>> type) throws IOException {
        return deserialize(decoder, context, type);
    }

    @Override
    public boolean allowNull() {
        return true;
    }

    @Override
    public JsonNullable<Object> getDefaultValue(DecoderContext context, Argument<? super JsonNullable<Object>> type) {
        return JsonNullable.undefined();
    }

    @SuppressWarnings("unchecked")
    private static Argument<Object> innerType(Argument<?> type) {
        return (Argument<Object>) type.getFirstTypeVariable().orElse(Argument.OBJECT_ARGUMENT);
    }
}
