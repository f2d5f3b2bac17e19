package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.Redirect;
import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.WordFeature;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A minimal splitter for the payload of {@code cmd /c}: commands separated by {@code &},
 * {@code &&}, {@code ||} and piped with {@code |}; a leading {@code @} (echo off) is dropped; double quotes group (and are removed from the
 * word text), {@code ^} escapes outside quotes, {@code %VAR%} makes a word dynamic, {@code > >>
 * <} with an optional descriptor are redirections. Blocks ({@code ( … )}), {@code if}, {@code for}
 * and an unterminated quote are not modelled: the command carrying them is opaque.
 */
public final class CmdPayload {

    /** One simple command of the payload. */
    public record Command(List<Word> argv, List<Redirect> redirects, int item, int stage,
            String opBefore, Set<OpaqueReason> reasons) {
    }

    private CmdPayload() {
    }

    /** Splits {@code text}; the stage counts are filled by the caller from consecutive stages. */
    public static List<Command> split(String text) {
        List<Command> out = new ArrayList<>();
        Builder b = new Builder();
        int item = 0;
        int stage = 0;
        String op = "";
        int i = 0;
        boolean inQuote = false;
        while (i <= text.length()) {
            char c = i < text.length() ? text.charAt(i) : '\n';
            if (inQuote) {
                if (c == '"' || i == text.length()) {
                    if (i == text.length()) {
                        b.reasons.add(OpaqueReason.SYNTAX_ERROR);
                    }
                    inQuote = false;
                } else {
                    b.word.append(c);
                    b.raw.append(c);
                }
                if (c == '"') {
                    b.raw.append(c);
                }
                i++;
                continue;
            }
            if (c == '"') {
                inQuote = true;
                b.quoted = true;
                b.started = true;
                b.raw.append(c);
                i++;
            } else if (c == '@' && b.isEmpty()) {
                // `@cmd`: the prefix only turns off the echo of the command; the command runs
                i++;
            } else if (c == '^' && i + 1 < text.length()) {
                b.word.append(text.charAt(i + 1));
                b.raw.append(c).append(text.charAt(i + 1));
                b.started = true;
                b.escaped = true;
                i += 2;
            } else if (c == ' ' || c == '\t') {
                b.endWord();
                i++;
            } else if (c == '&' || c == '|' || c == '\n' || c == '\r') {
                b.endWord();
                boolean doubled = i + 1 < text.length() && text.charAt(i + 1) == c;
                String sep = doubled ? "" + c + c : String.valueOf(c);
                if (!b.isEmpty() || c == '\n' || c == '\r') {
                    if (!b.isEmpty()) {
                        out.add(b.build(item, stage, op));
                    }
                } else if (i < text.length()) {
                    // An operator with no command before it.
                    Builder bad = new Builder();
                    bad.reasons.add(OpaqueReason.SYNTAX_ERROR);
                    bad.argv.add(new Word(text, text, false, Set.of()));
                    out.add(bad.build(item, stage, op));
                }
                b = new Builder();
                if (sep.equals("|")) {
                    stage++;
                } else {
                    item++;
                    stage = 0;
                    op = sep.startsWith("\r") || sep.startsWith("\n") ? "\n" : sep;
                }
                i += sep.length();
            } else if (c == '>' || c == '<') {
                int fd = -1;
                if (b.word.length() == 1 && Character.isDigit(b.word.charAt(0)) && !b.quoted) {
                    fd = b.word.charAt(0) - '0';
                    b.word.setLength(0);
                    b.raw.setLength(0);
                    b.started = false;
                } else {
                    b.endWord();
                }
                String redir = c == '>' && i + 1 < text.length() && text.charAt(i + 1) == '>' ? ">>" : String.valueOf(c);
                i += redir.length();
                if (i < text.length() && text.charAt(i) == '&') {
                    redir = redir + "&";
                    i++;
                }
                b.pendingRedirect = redir;
                b.pendingFd = fd;
            } else {
                if (c == '(' || c == ')') {
                    b.reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
                }
                if (c == '%' || c == '!') {
                    b.dynamic = true;
                }
                b.word.append(c);
                b.raw.append(c);
                b.started = true;
                i++;
            }
        }
        return out;
    }

    /** Accumulates one command. */
    private static final class Builder {
        final List<Word> argv = new ArrayList<>();
        final List<Redirect> redirects = new ArrayList<>();
        final Set<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
        final StringBuilder word = new StringBuilder();
        final StringBuilder raw = new StringBuilder();
        boolean started;
        boolean quoted;
        boolean escaped;
        boolean dynamic;
        String pendingRedirect;
        int pendingFd = -1;

        boolean isEmpty() {
            return argv.isEmpty() && redirects.isEmpty() && !started && pendingRedirect == null;
        }

        void endWord() {
            if (!started) {
                return;
            }
            Set<WordFeature> f = EnumSet.noneOf(WordFeature.class);
            if (quoted) {
                f.add(WordFeature.DOUBLE_QUOTED);
            }
            if (escaped) {
                f.add(WordFeature.ESCAPED);
            }
            if (dynamic) {
                f.add(WordFeature.PARAMETER);
            }
            Word w = new Word(word.toString(), raw.toString(), !dynamic, f);
            if (pendingRedirect != null) {
                redirects.add(new Redirect(pendingRedirect, pendingFd, w));
                if (dynamic) {
                    reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
                }
                pendingRedirect = null;
                pendingFd = -1;
            } else {
                argv.add(w);
            }
            word.setLength(0);
            raw.setLength(0);
            started = false;
            quoted = false;
            escaped = false;
            dynamic = false;
        }

        Command build(int item, int stage, String op) {
            endWord();
            if (pendingRedirect != null) {
                reasons.add(OpaqueReason.SYNTAX_ERROR);
            }
            if (!argv.isEmpty()) {
                String name = argv.get(0).text().toLowerCase(Locale.ROOT);
                if (name.equals("if") || name.equals("for") || name.startsWith("(")) {
                    reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
                }
                if (!argv.get(0).literal()) {
                    reasons.add(OpaqueReason.DYNAMIC_COMMAND);
                }
            }
            return new Command(argv, redirects, item, stage, op, reasons);
        }
    }
}
