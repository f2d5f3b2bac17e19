package dev.shellwarden.grammar;

import dev.shellwarden.grammar.bash.BashLexer;
import dev.shellwarden.grammar.bash.BashParser;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Splits bash / POSIX sh text into segments with the ANTLR grammar in {@code bash/}.
 *
 * <p>Two-stage parse: SLL with bail-out first, full LL only when SLL fails. Any syntax error, even
 * one ANTLR could repair, makes the whole text one opaque segment: a repaired tree is a guess.
 */
public final class BashSplitter implements Splitter {

    @Override
    public SplitResult split(String text) {
        if (text.length() > MAX_TEXT_CHARS) {
            return SplitResult.unsplittable(text, OpaqueReason.LIMIT_EXCEEDED);
        }
        try {
            BashParser.ProgramContext program = parse(text);
            if (program == null) {
                return SplitResult.unsplittable(text, OpaqueReason.SYNTAX_ERROR);
            }
            return new Builder().program(program);
        } catch (StackOverflowError e) {
            return SplitResult.unsplittable(text, OpaqueReason.LIMIT_EXCEEDED);
        } catch (RuntimeException e) {
            return SplitResult.unsplittable(text, OpaqueReason.INTERNAL_ERROR);
        }
    }

    /** Parses, or returns null on any lexical or syntax error. */
    private static BashParser.ProgramContext parse(String text) {
        ErrorCounter errors = new ErrorCounter();
        BashLexer lexer = new BashLexer(CharStreams.fromString(text));
        lexer.removeErrorListeners();
        lexer.addErrorListener(errors);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        tokens.fill();
        for (Token t : tokens.getTokens()) {
            if (t.getType() == BashLexer.ERROR_CHAR) {
                return null;
            }
        }
        BashParser parser = new BashParser(tokens);
        parser.removeErrorListeners();
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        parser.setErrorHandler(new BailErrorStrategy());
        try {
            BashParser.ProgramContext p = parser.program();
            return errors.count == 0 ? p : null;
        } catch (ParseCancellationException e) {
            tokens.seek(0);
            parser.reset();
            parser.addErrorListener(errors);
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            parser.setErrorHandler(new BailErrorStrategy());
            try {
                BashParser.ProgramContext p = parser.program();
                return errors.count == 0 ? p : null;
            } catch (ParseCancellationException again) {
                return null;
            }
        }
    }

    /** Counts every error a recognizer reports. */
    private static final class ErrorCounter extends BaseErrorListener {
        int count;

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line,
                int charPositionInLine, String msg, RecognitionException e) {
            count++;
        }
    }

    /** Walks a parse tree and collects segments in source order. */
    private static final class Builder {
        private final List<Segment> segments = new ArrayList<>();

        SplitResult program(BashParser.ProgramContext ctx) {
            list(ctx.children, -1, 0, Provenance.TOP);
            return new SplitResult(segments);
        }

        /** Visits the and-or items among {@code children}, tracking the separators between them. */
        private void list(List<ParseTree> children, int parent, int depth, Provenance provenance) {
            if (children == null) {
                return;
            }
            String opBefore = "";
            int item = 0;
            for (int k = 0; k < children.size(); k++) {
                ParseTree child = children.get(k);
                if (child instanceof BashParser.AndOrContext andOr) {
                    boolean background = k + 1 < children.size()
                            && children.get(k + 1) instanceof BashParser.SeparatorContext sep
                            && sep.AMP() != null;
                    andOr(andOr, parent, depth, provenance, item++, opBefore, background);
                    opBefore = "";
                } else if (child instanceof BashParser.SeparatorContext sep && opBefore.isEmpty()) {
                    opBefore = sep.NEWLINE() != null ? "\n" : sep.getText();
                }
            }
        }

        private void andOr(BashParser.AndOrContext ctx, int parent, int depth, Provenance provenance,
                int item, String opBefore, boolean background) {
            String op = opBefore;
            int index = item;
            for (ParseTree child : ctx.children) {
                if (child instanceof BashParser.PipelineContext p) {
                    pipeline(p, parent, depth, provenance, index, op, background);
                } else if (child instanceof BashParser.AndOrOpContext o) {
                    op = o.getText();
                    index++;
                }
            }
        }

        private void pipeline(BashParser.PipelineContext ctx, int parent, int depth,
                Provenance provenance, int item, String opBefore, boolean background) {
            List<BashParser.CommandContext> commands = ctx.command();
            for (int stage = 0; stage < commands.size(); stage++) {
                Position position = new Position(item, stage, commands.size(), opBefore, background);
                BashParser.CommandContext command = commands.get(stage);
                if (command.simpleCommand() != null) {
                    simple(command.simpleCommand(), parent, depth, provenance, position);
                } else {
                    list(command.subshell().children, parent, depth + 1, Provenance.SUBSHELL);
                }
            }
        }

        private void simple(BashParser.SimpleCommandContext ctx, int parent, int depth,
                Provenance provenance, Position position) {
            List<Word> argv = new ArrayList<>();
            List<Word> assignments = new ArrayList<>();
            List<Redirect> redirects = new ArrayList<>();
            List<Heredoc> heredocs = new ArrayList<>();
            Set<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
            for (ParseTree child : ctx.children) {
                if (child instanceof TerminalNode t) {
                    Word w = BashWords.decode(t.getText());
                    if (argv.isEmpty() && isAssignment(t.getText())) {
                        assignments.add(w);
                    } else {
                        argv.add(w);
                    }
                } else if (child instanceof BashParser.RedirectContext r) {
                    int fd = r.IO_NUMBER() == null ? -1 : parseFd(r.IO_NUMBER().getText());
                    String op = r.redirectOp().getText();
                    Word target = BashWords.decode(r.WORD().getText());
                    redirects.add(new Redirect(op, fd, target));
                    if (op.equals("<<") || op.equals("<<-")) {
                        // Heredoc bodies are not modelled yet: the text after the line is unknown.
                        reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
                    } else if (op.equals("<<<")) {
                        heredocs.add(new Heredoc(target.text(), !target.features().contains(WordFeature.DOUBLE_QUOTED)));
                    }
                }
            }
            if (!argv.isEmpty() && !argv.get(0).literal()) {
                reasons.add(OpaqueReason.DYNAMIC_COMMAND);
            }
            segments.add(new Segment(segments.size(), parent, depth, provenance, List.of(), argv,
                    assignments, redirects, heredocs, position, reasons));
        }

        private static boolean isAssignment(String raw) {
            int eq = raw.indexOf('=');
            if (eq <= 0) {
                return false;
            }
            String name = raw.endsWith("+=") || raw.charAt(eq - 1) == '+' ? raw.substring(0, eq - 1) : raw.substring(0, eq);
            return name.matches("[A-Za-z_][A-Za-z0-9_]*");
        }

        private static int parseFd(String digits) {
            try {
                return Integer.parseInt(digits);
            } catch (NumberFormatException e) {
                return Integer.MAX_VALUE;
            }
        }
    }
}
