package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.ErrorCounter;
import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.SplitResult;
import dev.shellwarden.grammar.Splitter;
import dev.shellwarden.grammar.powershell.PowerShellLexer;
import dev.shellwarden.grammar.powershell.PowerShellParser;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;

/**
 * Entry point of the PowerShell splitter: bounds, lexing, the two-stage parse (SLL with bail-out,
 * then full LL) and the tree walk; every failure ends in an opaque result, never an exception.
 */
public final class PsSplit {

    /** Deepest nesting of groups ({@code ( $( @( @{ {}) accepted in one text. */
    public static final int MAX_GROUP_DEPTH = 48;
    /** Deepest nesting of texts split inside texts (string subexpressions, payloads). */
    public static final int MAX_LEVEL = 6;
    /** Most tokens accepted in one text. */
    public static final int MAX_TOKENS = 12_000;

    private PsSplit() {
    }

    /** Splits {@code text} found at nesting {@code level} (0 for the text the agent sent). */
    public static SplitResult split(String text, int level) {
        if (text.length() > Splitter.MAX_TEXT_CHARS || level > MAX_LEVEL) {
            return SplitResult.unsplittable(text, OpaqueReason.LIMIT_EXCEEDED);
        }
        try {
            ErrorCounter errors = new ErrorCounter();
            PowerShellLexer lexer = new PowerShellLexer(CharStreams.fromString(text));
            lexer.removeErrorListeners();
            lexer.addErrorListener(errors);
            CommonTokenStream tokens = new CommonTokenStream(lexer);
            tokens.fill();
            List<Token> all = tokens.getTokens();
            if (all.size() > MAX_TOKENS) {
                return SplitResult.unsplittable(text, OpaqueReason.LIMIT_EXCEEDED);
            }
            int depth = 0;
            Set<String> functions = new HashSet<>();
            Token previous = null;
            for (Token t : all) {
                int type = t.getType();
                if (type == PowerShellLexer.ERROR_CHAR) {
                    return SplitResult.unsplittable(text, OpaqueReason.SYNTAX_ERROR);
                }
                if (type == PowerShellLexer.LPAREN || type == PowerShellLexer.SUBEXPR_OPEN
                        || type == PowerShellLexer.ARRAY_OPEN || type == PowerShellLexer.HASH_OPEN
                        || type == PowerShellLexer.LBRACE) {
                    if (++depth > MAX_GROUP_DEPTH) {
                        return SplitResult.unsplittable(text, OpaqueReason.LIMIT_EXCEEDED);
                    }
                } else if (type == PowerShellLexer.RPAREN || type == PowerShellLexer.RBRACE) {
                    depth--;
                }
                if (t.getChannel() == Token.DEFAULT_CHANNEL) {
                    if (previous != null && type == PowerShellLexer.WORD
                            && previous.getType() == PowerShellLexer.WORD
                            && isFunctionKeyword(previous.getText())) {
                        functions.add(functionName(t.getText()));
                    }
                    previous = t;
                }
            }
            if (errors.count() > 0) {
                return SplitResult.unsplittable(text, OpaqueReason.SYNTAX_ERROR);
            }
            PowerShellParser.ScriptContext script = parse(tokens, errors);
            if (script == null) {
                return SplitResult.unsplittable(text, OpaqueReason.SYNTAX_ERROR);
            }
            return new PsBuilder(level, functions).build(script);
        } catch (PsBuilder.SyntaxProblem e) {
            return SplitResult.unsplittable(text, OpaqueReason.SYNTAX_ERROR);
        } catch (PsBuilder.LimitProblem | StackOverflowError e) {
            return SplitResult.unsplittable(text, OpaqueReason.LIMIT_EXCEEDED);
        } catch (RuntimeException e) {
            return SplitResult.unsplittable(text, OpaqueReason.INTERNAL_ERROR);
        }
    }

    private static boolean isFunctionKeyword(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        return w.equals("function") || w.equals("filter") || w.equals("workflow")
                || w.equals("configuration");
    }

    /** {@code global:Foo} → {@code foo}: scope prefixes do not change what a call resolves to. */
    private static String functionName(String word) {
        String name = PsText.bare(word).toLowerCase(Locale.ROOT);
        int colon = name.indexOf(':');
        return colon >= 0 ? name.substring(colon + 1) : name;
    }

    /** SLL with bail-out, then LL with bail-out; null on any syntax error. */
    private static PowerShellParser.ScriptContext parse(CommonTokenStream tokens, ErrorCounter errors) {
        PowerShellParser parser = new PowerShellParser(tokens);
        parser.removeErrorListeners();
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
        try {
            return parser.script();
        } catch (ParseCancellationException e) {
            tokens.seek(0);
            parser.reset();
            parser.addErrorListener(errors);
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            parser.setErrorHandler(new BailErrorStrategy());
            try {
                PowerShellParser.ScriptContext s = parser.script();
                return errors.count() == 0 ? s : null;
            } catch (ParseCancellationException again) {
                return null;
            }
        }
    }

}
