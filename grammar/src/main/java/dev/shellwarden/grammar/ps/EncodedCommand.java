package dev.shellwarden.grammar.ps;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * Decodes the payload of {@code powershell -EncodedCommand}: base64 of the script in UTF-16LE.
 * Strict: any character outside the base64 alphabet, bad padding, an odd byte count or an
 * unpaired surrogate is no payload at all (the caller marks it undecodable), never a best guess.
 */
public final class EncodedCommand {

    private EncodedCommand() {
    }

    /** The decoded script, or empty when {@code base64} is not a valid UTF-16LE payload. */
    public static Optional<String> decode(String base64) {
        // Convert.FromBase64String wants whole quads; Java's decoder would accept a missing pad.
        if (base64.isEmpty() || base64.length() % 4 != 0) {
            return Optional.empty();
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (bytes.length % 2 != 0) {
            return Optional.empty();
        }
        try {
            return Optional.of(StandardCharsets.UTF_16LE.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    /** Encodes a script as PowerShell expects it after {@code -EncodedCommand} (for tests and docs). */
    public static String encode(String script) {
        return Base64.getEncoder().encodeToString(script.getBytes(StandardCharsets.UTF_16LE));
    }
}
