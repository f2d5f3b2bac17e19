package dev.shellwarden.grammar;

import dev.shellwarden.grammar.ps.PsSplit;

/**
 * Splits PowerShell text (Windows PowerShell 5.1 and PowerShell 7) into segments with the ANTLR
 * grammar in {@code powershell/} and the walker in {@code dev.shellwarden.grammar.ps}. A total
 * function: any failure comes back as an opaque segment. See docs/grammar-powershell.md.
 */
public final class PowerShellSplitter implements Splitter {

    @Override
    public SplitResult split(String text) {
        try {
            return PsSplit.split(text, 0);
        } catch (StackOverflowError e) {
            return SplitResult.unsplittable(text, OpaqueReason.LIMIT_EXCEEDED);
        } catch (RuntimeException | LinkageError e) {
            // INVARIANT: the splitter is total; an internal failure is opaque, never an exception.
            return SplitResult.unsplittable(text, OpaqueReason.INTERNAL_ERROR);
        }
    }
}
