package dev.shellwarden.grammar;

/**
 * Splits PowerShell text. Until the PowerShell grammar lands, every non-blank text is one opaque
 * segment (fail closed: the engine asks).
 */
public final class PowerShellSplitter implements Splitter {

    @Override
    public SplitResult split(String text) {
        if (text.isBlank()) {
            return new SplitResult(java.util.List.of());
        }
        return SplitResult.unsplittable(text, text.length() > MAX_TEXT_CHARS
                ? OpaqueReason.LIMIT_EXCEEDED : OpaqueReason.UNSUPPORTED_CONSTRUCT);
    }
}
