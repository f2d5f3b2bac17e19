package dev.shellwarden.hook;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/** Writes an adapter's stdout answer: one JSON object in UTF-8 and a final newline. */
public final class JsonAnswer {

    /** The members of the answer object, written by an adapter. */
    @FunctionalInterface
    public interface Members {
        /** Writes the members (not the braces) with {@code g}. */
        void write(JsonGenerator g) throws IOException;
    }

    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonAnswer() {
    }

    /** {@code {<members>}\n} as UTF-8 bytes. */
    public static byte[] of(Members members) {
        ByteArrayOutputStream buf = new ByteArrayOutputStream(256);
        try (JsonGenerator g = FACTORY.createGenerator(buf)) {
            g.writeStartObject();
            members.write(g);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        buf.write('\n');
        return buf.toByteArray();
    }
}
