package dev.shellwarden.grammar;

import dev.shellwarden.grammar.bash.BashLexer;
import dev.shellwarden.grammar.bash.BashParser;
import dev.shellwarden.grammar.bash.StringCharStream;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/**
 * Splits bash / POSIX sh text into segments with the ANTLR grammar in {@code bash/}.
 *
 * <p>Two-stage parse: SLL with bail-out first, full LL only when SLL fails. Any syntax error, even
 * one ANTLR could repair, makes the text (or the nested text it occurs in) opaque: a repaired tree
 * is a guess. Every throwable, {@link StackOverflowError} included, ends in an opaque result.
 */
public final class BashSplitter implements Splitter {

    @Override
    public SplitResult split(String text) {
        if (text == null) {
            return SplitResult.unsplittable("", OpaqueReason.INTERNAL_ERROR);
        }
        if (text.length() > MAX_TEXT_CHARS) {
            return SplitResult.unsplittable(text, OpaqueReason.LIMIT_EXCEEDED);
        }
        try {
            return new BashWalker(text).run();
        } catch (BashWalker.LimitExceeded | StackOverflowError | OutOfMemoryError e) {
            return SplitResult.unsplittable(text, OpaqueReason.LIMIT_EXCEEDED);
        } catch (RuntimeException | Error e) {
            return SplitResult.unsplittable(text, OpaqueReason.INTERNAL_ERROR);
        }
    }

    /** A parsed text: the tree plus what the lexer recorded; {@code failure} set when unusable. */
    record Parsed(BashParser.ProgramContext program, BashLexer lexer, OpaqueReason failure) {
    }

    /** Lexes and parses {@code text}; never throws on bad input. */
    static Parsed parse(String text) {
        ErrorCounter errors = new ErrorCounter();
        BashLexer lexer = new BashLexer(new StringCharStream(text));
        lexer.removeErrorListeners();
        lexer.addErrorListener(errors);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        tokens.fill();
        if (lexer.limitHit()) {
            return new Parsed(null, lexer, OpaqueReason.LIMIT_EXCEEDED);
        }
        if (lexer.errors() > 0 || errors.count() > 0) {
            return new Parsed(null, lexer, OpaqueReason.SYNTAX_ERROR);
        }
        BashParser parser = new BashParser(tokens);
        parser.removeErrorListeners();
        parser.addErrorListener(errors);
        parser.setErrorHandler(new BailErrorStrategy());
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        try {
            BashParser.ProgramContext p = parser.program();
            return errors.count() == 0 ? new Parsed(p, lexer, null) : new Parsed(null, lexer, OpaqueReason.SYNTAX_ERROR);
        } catch (ParseCancellationException e) {
            tokens.seek(0);
            parser.reset();
            errors.reset();
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            try {
                BashParser.ProgramContext p = parser.program();
                return errors.count() == 0 ? new Parsed(p, lexer, null) : new Parsed(null, lexer, OpaqueReason.SYNTAX_ERROR);
            } catch (ParseCancellationException again) {
                return new Parsed(null, lexer, OpaqueReason.SYNTAX_ERROR);
            }
        }
    }

}
