package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.Redirect;
import dev.shellwarden.grammar.Regex;
import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.WordFeature;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one reader of a cmd.exe command line ({@code cmd /c LINE}, {@code /k}, {@code /r}), used by
 * the PowerShell carriers and by bash's {@code cmd} runner alike, so that both shells see the
 * commands cmd.exe itself runs.
 *
 * <p>What it reads the way cmd.exe does: {@code &}, {@code &&}, {@code ||} and {@code |}; caret
 * escapes anywhere outside double quotes (inside a program name too: {@code f^o^r^m^a^t}) and
 * {@code ^} line continuation; double quotes that group and are removed ({@code "for"mat},
 * {@code f""ormat}); a leading {@code @} and the delimiters {@code ; , =} before a command; an
 * internal command glued to its switches ({@code rd/s/q}); redirections ({@code 2>&1},
 * {@code >nul}); {@code ( … )} blocks, {@code if … [( … ) else ( … )]} and
 * {@code for … in (SET) do …} (the body's commands and a {@code for /f} set's command are
 * commands of the line); {@code call}, {@code start} (its title, {@code /b /wait /min /d PATH}…)
 * and a nested {@code cmd /c} (also as {@code %COMSPEC%}) run the command they name.
 *
 * <p>Invariants (fail closed): {@code %VAR%}, {@code %VAR:~a,b%}, {@code %VAR:x=y%} and
 * {@code !VAR!} make a word dynamic, and a dynamic program is {@link OpaqueReason#DYNAMIC_COMMAND};
 * after {@code set NAME=VALUE} a command naming {@code %NAME%}, a substring {@code %NAME:~a,b%}
 * or a replacement {@code %NAME:x=y%} of it is also read with the value put in, and so is a
 * substring or replacement of a system variable with a fixed default ({@code %COMSPEC:~-7,3%})
 * (an extra reading: it only adds commands); {@code cmd} reading its commands from a pipe or a file
 * is {@link OpaqueReason#INTERPRETER_SCRIPT}; text the reader cannot follow (an unterminated quote
 * or block, an {@code if} without a condition) is {@link OpaqueReason#SYNTAX_ERROR}; nesting and
 * size are bounded ({@link OpaqueReason#LIMIT_EXCEEDED}).
 */
public final class CmdPayload {

    /**
     * One simple command of the payload.
     *
     * @param wrappers what cmd.exe ran it through inside the line ({@code call}, {@code start},
     *                 {@code cmd}, {@code for}, {@code if}), outermost first
     */
    public record Command(List<Word> argv, List<Redirect> redirects, int item, int stage,
            String opBefore, Set<OpaqueReason> reasons, List<String> wrappers) {
    }

    /** Nested readings ({@code cmd /c cmd /c …}, a {@code for /f} set, a substituted variable) at most this deep. */
    static final int MAX_DEPTH = 8;
    /** Commands read from one payload at most. */
    static final int MAX_COMMANDS = 512;

    /** cmd.exe's internal commands, which it still recognises glued to a switch ({@code rd/s/q}, {@code dir/b}). */
    private static final Set<String> INTERNAL = Set.of("rd", "rmdir", "del", "erase", "md", "mkdir", "dir", "copy", "move",
            "ren", "rename", "type", "cd", "chdir", "pushd", "popd", "echo", "set", "call", "start", "cls", "ver", "vol",
            "mklink", "title", "color", "path", "prompt", "exit", "goto", "shift", "verify", "date", "time", "assoc", "ftype",
            "setlocal", "endlocal", "break", "if", "for", "rem");
    /** Internal delete commands, whose operands cmd.exe also splits at {@code , ; =}. */
    private static final Set<String> DELETES = Set.of("rd", "rmdir", "del", "erase");
    /** {@code start} switches that take a value in the next word. */
    private static final Set<String> START_WITH_VALUE = Set.of("/d", "/node", "/affinity", "/machine");
    /** The comparison words of {@code if A OP B}. */
    private static final Set<String> IF_OPERATORS = Set.of("equ", "neq", "lss", "leq", "gtr", "geq");
    /** {@code if} conditions made of a keyword and one word. */
    private static final Set<String> IF_KEYWORDS = Set.of("exist", "defined", "errorlevel", "cmdextversion");

    /**
     * System variables whose value is the same on every standard install: a program written with
     * them ({@code %COMSPEC%}, {@code %SystemRoot%\System32\shutdown.exe}) is that program, and
     * a substring of them ({@code %COMSPEC:~-7,3%}, the usual way to spell a name letter by letter)
     * is read from this value, unless the line set them first. Variables that differ per machine
     * or user ({@code USERNAME}, {@code CD}, {@code DATE}, {@code PATH}) are not here and stay dynamic.
     */
    private static final Map<String, String> SYSTEM_PLACES = Map.ofEntries(
            Map.entry("comspec", "C:\\Windows\\System32\\cmd.exe"), Map.entry("systemroot", "C:\\Windows"),
            Map.entry("windir", "C:\\Windows"), Map.entry("systemdrive", "C:"), Map.entry("programfiles", "C:\\Program Files"),
            Map.entry("programfiles(x86)", "C:\\Program Files (x86)"), Map.entry("programw6432", "C:\\Program Files"),
            Map.entry("commonprogramfiles", "C:\\Program Files\\Common Files"), Map.entry("allusersprofile", "C:\\ProgramData"),
            Map.entry("programdata", "C:\\ProgramData"), Map.entry("public", "C:\\Users\\Public"), Map.entry("os", "Windows_NT"),
            Map.entry("pathext", ".COM;.EXE;.BAT;.CMD;.VBS;.VBE;.JS;.JSE;.WSF;.WSH;.MSC"));
    private static final Pattern SYSTEM_PLACE = Pattern.compile("(?i)^%([a-z0-9()]+)%");
    /**
     * {@code %NAME%}, {@code %NAME:~START[,LENGTH]%} (a substring), {@code %NAME:OLD=NEW%} (a
     * replacement, {@code *OLD} up to the first OLD), or the same between {@code !}: group 1 is
     * the delimiter, 2 the name, 3 and 4 the substring's numbers, 5 and 6 the replacement.
     */
    private static final Pattern REFERENCE = Pattern.compile(
            "([%!])([^%!:~\\s]+)(?::(?:~(-?\\d{1,6})(?:,(-?\\d{1,6}))?|([^%!=]+)=([^%!]*)))?\\1");

    private CmdPayload() {
    }

    /** Reads {@code text}; the stage counts are filled by the caller from consecutive stages. */
    public static List<Command> split(String text) {
        Reader r = new Reader();
        r.read(text, 0, List.of(), "");
        return r.out;
    }

    /**
     * The command line cmd.exe gets for {@code cmd SWITCH WORD…} when the words come from another
     * shell's argv: a later word with blanks is quoted (Windows quotes such an argument on the
     * command line it builds; cmd strips the quotes of the first one); a word holding cmd's own
     * operators stays unquoted, so that they are read as commands too (fail closed).
     */
    public static String join(List<String> words) {
        StringBuilder payload = new StringBuilder();
        for (String t : words) {
            boolean quote = payload.length() > 0 && (t.indexOf(' ') >= 0 || t.indexOf('\t') >= 0)
                    && !Regex.find(t, "[\"&|<>^%]");
            payload.append(payload.length() == 0 ? "" : " ").append(quote ? "\"" + t + "\"" : t);
        }
        return payload.toString();
    }

    /**
     * The index of {@code cmd}'s command switch ({@code /c}, {@code /k}, {@code /r}, Git Bash's
     * {@code //c}, also glued to its command: {@code /cdel x}) among {@code args}, or -1.
     */
    public static int commandSwitch(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String t = args.get(i).toLowerCase(Locale.ROOT);
            if (t.startsWith("//")) {
                t = t.substring(1);
            }
            if (t.startsWith("/c") || t.startsWith("/k") || t.startsWith("/r")) {
                return i;
            }
        }
        return -1;
    }

    /** The command glued to a switch word ({@code /cdel} gives {@code del}), or empty. */
    public static String attached(String switchWord) {
        return switchWord.substring(switchWord.startsWith("//") ? 3 : 2);
    }

    /** A word as read, with the source kept for nested readings. */
    private record Tok(Word word, String cooked, int start, int end) {
    }

    /** A simple command while it is read. */
    private static final class Draft {
        final List<Tok> words = new ArrayList<>();
        final List<Redirect> redirects = new ArrayList<>();
        final Set<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
        int start;
        int end;
    }

    /** Reads one payload and every text nested in it; {@link #out} collects the commands. */
    private static final class Reader {
        final List<Command> out = new ArrayList<>();
        final Map<String, String> vars = new HashMap<>();
        int item;
        /** The operator before the next pipeline. */
        String op = "";

        void read(String text, int depth, List<String> wrappers, String firstOp) {
            if (depth > MAX_DEPTH) {
                opaque(text, OpaqueReason.LIMIT_EXCEEDED, wrappers);
                return;
            }
            Parser p = new Parser(this, text, depth, wrappers);
            op = firstOp.isEmpty() ? op : firstOp;
            p.sequence(wrappers);
            if (p.i < text.length()) {
                // a `)` with no block open, or text the parser stopped before
                opaque(text, OpaqueReason.SYNTAX_ERROR, wrappers);
            }
        }

        void opaque(String text, OpaqueReason reason, List<String> wrappers) {
            add(new Command(List.of(new Word(text, text, false, Set.of())), List.of(), ++item, 0, op,
                    Set.of(reason), wrappers));
        }

        /** The redirections and reasons of {@code d}, and a later pipeline stage, given to the commands read from {@code from} on. */
        void attach(int from, Draft d, int stage) {
            if (d.redirects.isEmpty() && d.reasons.isEmpty() && stage == 0) {
                return;
            }
            for (int k = from; k < out.size(); k++) {
                Command c = out.get(k);
                List<Redirect> rs = new ArrayList<>(c.redirects());
                rs.addAll(d.redirects);
                Set<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
                reasons.addAll(c.reasons());
                reasons.addAll(d.reasons);
                out.set(k, new Command(c.argv(), rs, c.item(), c.stage() + stage, c.opBefore(), reasons, c.wrappers()));
            }
        }

        void add(Command c) {
            if (out.size() >= MAX_COMMANDS) {
                if (out.get(out.size() - 1).reasons().contains(OpaqueReason.LIMIT_EXCEEDED)) {
                    return;
                }
                c = new Command(c.argv(), c.redirects(), c.item(), c.stage(), c.opBefore(), Set.of(OpaqueReason.LIMIT_EXCEEDED), c.wrappers());
            }
            out.add(c);
        }
    }

    /** The recursive-descent reading of one text: sequences, pipelines, blocks, if, for. */
    private static final class Parser {
        final Reader r;
        final String text;
        final int depth;
        final List<String> wrappers;
        int i;
        int blocks;

        Parser(Reader r, String text, int depth, List<String> wrappers) {
            this.r = r;
            this.text = text;
            this.depth = depth;
            this.wrappers = wrappers;
        }

        boolean end() {
            return i >= text.length();
        }

        char peek() {
            return text.charAt(i);
        }

        void blanks() {
            while (!end() && (peek() == ' ' || peek() == '\t')) {
                i++;
            }
        }

        boolean atClose() {
            return blocks > 0 && !end() && peek() == ')';
        }

        /** PIPELINE (OP PIPELINE)… up to the end or the `)` of the open block. */
        void sequence(List<String> wr) {
            while (true) {
                pipeline(wr);
                blanks();
                if (end() || atClose()) {
                    return;
                }
                char c = peek();
                if (c == '&' || c == '|' || c == '\n' || c == '\r') {
                    boolean doubled = i + 1 < text.length() && text.charAt(i + 1) == c;
                    String sep = doubled && (c == '&' || c == '|') ? "" + c + c : String.valueOf(c);
                    i += sep.length();
                    r.op = sep.equals("\r") || sep.equals("\n") ? "\n" : sep;
                    r.item++;
                    continue;
                }
                // anything else the command reader stopped at
                return;
            }
        }

        /** COMMAND (| COMMAND)…: the stages of one item. */
        void pipeline(List<String> wr) {
            int stage = 0;
            int first = r.out.size();
            while (true) {
                command(wr, stage);
                blanks();
                if (!end() && peek() == '|' && !(i + 1 < text.length() && text.charAt(i + 1) == '|')) {
                    i++;
                    stage++;
                    continue;
                }
                break;
            }
            if (r.out.size() == first && (end() || peek() == '&' || peek() == '|')) {
                // an operator with no command before it (`& x`, `x & & y`); a trailing `&` is fine
                if (!end() || !r.op.isEmpty()) {
                    if (!end()) {
                        r.opaque(text, OpaqueReason.SYNTAX_ERROR, wr);
                    }
                }
            }
        }

        /** One command: a block, if, for or a simple command. */
        void command(List<String> wr, int stage) {
            // `@` turns off the echo; `; , =` and blanks before a command are delimiters
            while (!end() && " \t@;,=".indexOf(peek()) >= 0) {
                i++;
            }
            if (end()) {
                return;
            }
            if (peek() == '(') {
                block(wr, stage);
                return;
            }
            int save = i;
            Tok first = word(true);
            String kw = first == null || first.word().has(WordFeature.DOUBLE_QUOTED) ? "" : first.word().text().toLowerCase(Locale.ROOT);
            if (kw.equals("if")) {
                ifCommand(wr, stage);
                return;
            }
            if (kw.equals("for")) {
                forCommand(wr, stage);
                return;
            }
            i = save;
            simple(wr, stage);
        }

        void block(List<String> wr, int stage) {
            int start = r.out.size();
            i++; // (
            blocks++;
            sequence(wr);
            blanks();
            if (atClose()) {
                i++;
                blocks--;
            } else {
                blocks--;
                r.opaque(text, OpaqueReason.SYNTAX_ERROR, wr);
                i = text.length();
                return;
            }
            // redirections after the block apply to each of its commands
            Draft d = new Draft();
            redirections(d);
            r.attach(start, d, 0);
        }

        /** Only redirections (after a block's `)`). */
        void redirections(Draft d) {
            while (true) {
                blanks();
                if (end()) {
                    return;
                }
                char c = peek();
                boolean fd = Character.isDigit(c) && i + 1 < text.length() && (text.charAt(i + 1) == '>' || text.charAt(i + 1) == '<');
                if (c != '>' && c != '<' && !fd) {
                    return;
                }
                redirect(d, fd ? c - '0' : -1);
            }
        }

        /** if [/i] [not] CONDITION BODY [else BODY]: the body's commands, run when the condition holds. */
        void ifCommand(List<String> wr, int stage) {
            List<String> inner = append(wr, "if");
            Tok w = nextWord();
            if (w != null && w.word().text().equalsIgnoreCase("/i")) {
                w = nextWord();
            }
            if (w != null && w.word().text().equalsIgnoreCase("not")) {
                w = nextWord();
            }
            boolean ok = w != null;
            if (ok) {
                String t = w.word().text().toLowerCase(Locale.ROOT);
                if (IF_KEYWORDS.contains(t)) {
                    ok = nextWord() != null;
                } else if (t.contains("==")) {
                    ok = !t.endsWith("==") || nextWord() != null;
                } else {
                    Tok o = nextWord();
                    String ot = o == null ? "" : o.word().text().toLowerCase(Locale.ROOT);
                    if (ot.equals("==") || IF_OPERATORS.contains(ot)) {
                        ok = nextWord() != null;
                    } else {
                        ok = ot.startsWith("==");
                    }
                }
            }
            if (!ok) {
                r.opaque(text, OpaqueReason.SYNTAX_ERROR, wr);
                i = text.length();
                return;
            }
            body(inner, stage);
            int save = i;
            Tok e = nextWord();
            if (e != null && e.word().text().equalsIgnoreCase("else")) {
                body(inner, stage);
            } else {
                i = save;
            }
        }

        /**
         * for [/d | /r [PATH] | /l | /f ["OPTIONS"]] %%V in (SET) do BODY: the body's commands, and
         * for /f a set in single quotes or backquotes is a command line cmd.exe runs first.
         */
        void forCommand(List<String> wr, int stage) {
            List<String> inner = append(wr, "for");
            int words = 0;
            Tok w;
            while ((w = nextWord()) != null && !w.word().text().equalsIgnoreCase("in") && words < 8) {
                words++;
            }
            blanks();
            if (w == null || end() || peek() != '(') {
                r.opaque(text, OpaqueReason.SYNTAX_ERROR, wr);
                i = text.length();
                return;
            }
            int setStart = ++i;
            int level = 1;
            boolean quoted = false;
            while (!end() && level > 0) {
                char c = peek();
                if (c == '"') {
                    quoted = !quoted;
                } else if (!quoted && c == '^') {
                    i++;
                } else if (!quoted && c == '(') {
                    level++;
                } else if (!quoted && c == ')') {
                    level--;
                }
                i++;
            }
            if (level > 0) {
                r.opaque(text, OpaqueReason.SYNTAX_ERROR, wr);
                return;
            }
            String set = text.substring(setStart, i - 1).trim();
            if (set.length() >= 2 && (set.charAt(0) == '\'' || set.charAt(0) == '`') && set.charAt(set.length() - 1) == set.charAt(0)) {
                // the set's command line runs in a `cmd /c` of its own, after this line's carets are read
                r.read(uncaret(set.substring(1, set.length() - 1)), depth + 1, append(inner, "cmd"), "&&");
            }
            Tok d = nextWord();
            if (d == null || !d.word().text().equalsIgnoreCase("do")) {
                r.opaque(text, OpaqueReason.SYNTAX_ERROR, wr);
                i = text.length();
                return;
            }
            body(inner, stage);
        }

        /** The commands an if or for runs: a block, or the rest of the line up to the open block's `)`. */
        void body(List<String> inner, int stage) {
            blanks();
            while (!end() && (peek() == '@' || peek() == ' ' || peek() == '\t')) {
                i++;
            }
            if (end()) {
                r.opaque(text, OpaqueReason.SYNTAX_ERROR, inner);
                return;
            }
            r.op = "&&";
            r.item++;
            if (peek() == '(') {
                block(inner, stage);
                return;
            }
            // without a block the body takes the rest of the line, `&` and `|` included
            sequence(inner);
        }

        /** The next word of an if or for header, or null at an operator or the end. */
        Tok nextWord() {
            blanks();
            if (end() || "&|<>\r\n".indexOf(peek()) >= 0 || atClose() || peek() == '(') {
                return null;
            }
            return word(false);
        }

        /** Words and redirections up to an operator, the end or the open block's `)`. */
        void simple(List<String> wr, int stage) {
            Draft d = new Draft();
            d.start = i;
            while (true) {
                blanks();
                if (end() || atClose()) {
                    break;
                }
                char c = peek();
                if (c == '&' || c == '|' || c == '\n' || c == '\r') {
                    break;
                }
                boolean fd = Character.isDigit(c) && i + 1 < text.length() && (text.charAt(i + 1) == '>' || text.charAt(i + 1) == '<');
                if (c == '>' || c == '<' || fd) {
                    redirect(d, fd ? c - '0' : -1);
                    continue;
                }
                Tok w = word(d.words.isEmpty());
                if (w == null) {
                    break;
                }
                d.words.add(w);
            }
            d.end = i;
            if (d.words.isEmpty() && d.redirects.isEmpty()) {
                return;
            }
            finish(d, wr, stage, depth);
        }

        void redirect(Draft d, int fd) {
            if (fd >= 0) {
                i++;
            }
            String op = peek() == '>' && i + 1 < text.length() && text.charAt(i + 1) == '>' ? ">>" : String.valueOf(peek());
            i += op.length();
            if (!end() && peek() == '&') {
                op = op + "&";
                i++;
            }
            blanks();
            Tok target = end() || "&|<>\r\n".indexOf(peek()) >= 0 ? null : word(false);
            if (target == null) {
                d.reasons.add(OpaqueReason.SYNTAX_ERROR);
                return;
            }
            if (!target.word().literal()) {
                d.reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
            }
            d.redirects.add(new Redirect(op, fd, target.word()));
        }

        /**
         * One word: double quotes group and are removed, {@code ^} escapes the next character (a
         * line end after it continues the line), {@code %} and {@code !} make it dynamic. The
         * program word also ends at {@code ; , =}.
         */
        Tok word(boolean program) {
            int start = i;
            StringBuilder t = new StringBuilder();
            StringBuilder cooked = new StringBuilder();
            boolean quoted = false;
            boolean inQuote = false;
            boolean escaped = false;
            boolean dynamic = false;
            boolean inPercent = false;
            while (!end()) {
                char c = peek();
                if (inQuote) {
                    if (c == '"') {
                        inQuote = false;
                    } else {
                        t.append(c);
                        dynamic |= c == '%' || c == '!';
                    }
                    cooked.append(c);
                    i++;
                    continue;
                }
                if (c == '"') {
                    inQuote = true;
                    quoted = true;
                    cooked.append(c);
                    i++;
                } else if (c == '^') {
                    i++;
                    if (!end() && (peek() == '\r' || peek() == '\n')) {
                        // `^` at a line end joins the next line; its first character is escaped
                        i += peek() == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n' ? 2 : 1;
                    }
                    if (!end()) {
                        t.append(peek());
                        cooked.append(peek());
                        escaped = true;
                        i++;
                    }
                } else if (c == ' ' || c == '\t' || "&|<>\r\n".indexOf(c) >= 0 || c == ')' && blocks > 0
                        || program && !inPercent && t.length() > 0 && ";,=".indexOf(c) >= 0) {
                    break;
                } else {
                    inPercent ^= c == '%';
                    dynamic |= c == '%' || c == '!';
                    t.append(c);
                    cooked.append(c);
                    i++;
                }
            }
            if (inQuote) {
                // an unterminated quote runs to the end of the line, as in cmd.exe; it is still flagged
                quoted = true;
            }
            if (i == start) {
                return null;
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
            return new Tok(new Word(t.toString(), text.substring(start, i), !dynamic, f), cooked.toString(), start, i);
        }

        /** Normalises one simple command and adds it (and what it runs) to the output. */
        void finish(Draft d, List<String> wr, int stage, int level) {
            List<Tok> words = splitGlued(d.words);
            List<String> wrs = wr;
            while (!words.isEmpty()) {
                words = systemPlace(words);
                Tok program = words.get(0);
                String name = baseName(program.word().text());
                boolean plain = program.word().literal();
                if (plain && name.equals("call") && words.size() > 1 && !words.get(1).word().text().startsWith(":")) {
                    words = words.subList(1, words.size());
                    wrs = append(wrs, "call");
                    continue;
                }
                if (plain && name.equals("start")) {
                    List<Tok> started = started(words);
                    if (started != null) {
                        words = started;
                        wrs = append(wrs, "start");
                        continue;
                    }
                }
                if (plain && name.equals("cmd")) {
                    int sw = commandSwitch(words.stream().map(w -> w.word().text()).toList());
                    if (sw > 0) {
                        nestedCmd(words, sw, d, wrs, stage);
                        return;
                    }
                    if (stage > 0 || d.redirects.stream().anyMatch(x -> x.op().startsWith("<"))) {
                        // cmd reading its commands from a pipe or a file (`cmd < wipe.bat`)
                        d.reasons.add(OpaqueReason.INTERPRETER_SCRIPT);
                    }
                }
                break;
            }
            if (words.isEmpty()) {
                return;
            }
            List<Word> argv = new ArrayList<>();
            String name = baseName(words.get(0).word().text());
            for (Tok w : words) {
                if (DELETES.contains(name) && w.word().literal() && !w.word().has(WordFeature.DOUBLE_QUOTED) && argv.size() > 0
                        && Regex.find(w.word().text(), "[,;=]")) {
                    // rd and del read `, ; =` as blanks between their operands
                    for (String part : w.word().text().split("[,;=]+")) {
                        if (!part.isEmpty()) {
                            argv.add(new Word(part, part, true, w.word().features()));
                        }
                    }
                } else {
                    argv.add(w.word());
                }
            }
            Set<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
            reasons.addAll(d.reasons);
            if (!argv.get(0).literal()) {
                reasons.add(OpaqueReason.DYNAMIC_COMMAND);
            }
            r.add(new Command(argv, List.copyOf(d.redirects), r.item, stage, r.op, reasons, wrs));
            remember(words);
            substituted(d, wr, level);
        }

        /** {@code set NAME=VALUE} / {@code set "NAME=VALUE"} with a literal value: kept for the substituted reading. */
        void remember(List<Tok> words) {
            if (words.size() < 2 || !baseName(words.get(0).word().text()).equals("set") || !words.get(1).word().literal()) {
                return;
            }
            String rest = words.get(1).word().text();
            if (rest.startsWith("/")) {
                return; // set /a (arithmetic), set /p (a prompt): not a known value
            }
            StringBuilder value = new StringBuilder();
            int eq = rest.indexOf('=');
            if (eq <= 0) {
                return;
            }
            value.append(rest.substring(eq + 1));
            for (Tok w : words.subList(2, words.size())) {
                value.append(' ').append(w.word().text());
            }
            r.vars.put(rest.substring(0, eq).toLowerCase(Locale.ROOT), value.toString().trim());
        }

        /**
         * After {@code set x=rd}, {@code call %x% /s /q C:\} is also read as {@code call rd /s /q C:\}
         * (an extra reading: the dynamic one stays and asks).
         */
        void substituted(Draft d, List<String> wrs, int level) {
            String span = text.substring(d.start, d.end);
            if (span.indexOf('%') < 0 && span.indexOf('!') < 0) {
                return;
            }
            Matcher m = REFERENCE.matcher(span);
            StringBuilder sb = new StringBuilder();
            boolean any = false;
            while (m.find()) {
                String v = expansion(m);
                any |= v != null;
                m.appendReplacement(sb, Matcher.quoteReplacement(v != null ? v : m.group()));
            }
            m.appendTail(sb);
            if (any) {
                // another reading of the same command: an item of its own
                String op = r.op;
                r.item++;
                r.read(sb.toString(), level + 1, wrs, op);
                r.op = op;
            }
        }

        /**
         * The value of one {@link #REFERENCE} match: the variable as the line set it, else a fixed
         * system default ({@link #SYSTEM_PLACES}), with the substring or replacement applied; null
         * when the value is not known (a plain reference to a default stays as written: only the
         * program word reads those, {@link #systemPlace}).
         */
        String expansion(Matcher m) {
            String name = m.group(2).toLowerCase(Locale.ROOT);
            String v = r.vars.get(name);
            boolean edited = m.group(3) != null || m.group(5) != null;
            if (v == null && edited && m.group(1).equals("%")) {
                v = SYSTEM_PLACES.get(name);
            }
            if (v == null) {
                return null;
            }
            if (m.group(3) != null) {
                return substring(v, Integer.parseInt(m.group(3)), m.group(4) == null ? null : Integer.parseInt(m.group(4)));
            }
            return m.group(5) != null ? replaced(v, m.group(5), m.group(6)) : v;
        }

        /** {@code cmd [/s /q /d /v:on …] /c LINE}: LINE is read as cmd.exe reads its command line. */
        void nestedCmd(List<Tok> words, int sw, Draft d, List<String> wrs, int stage) {
            String attached = attached(words.get(sw).word().text());
            StringBuilder line = new StringBuilder(attached);
            for (Tok w : words.subList(sw + 1, words.size())) {
                line.append(line.length() == 0 ? "" : " ").append(w.cooked());
            }
            String payload = line.toString().trim();
            if (payload.startsWith("\"")) {
                // cmd /c strips the first quote and the last one of its line
                int last = payload.lastIndexOf('"');
                payload = last > 0 ? payload.substring(1, last) + payload.substring(last + 1) : payload.substring(1);
            }
            int before = r.out.size();
            String op = r.op;
            r.read(payload, depth + 1, append(wrs, "cmd"), op);
            // the nested cmd's redirections and pipeline place are its commands' too
            r.attach(before, d, stage);
        }

        /** The program word with a fixed system place put in ({@code %COMSPEC%} is cmd.exe), unless the line set it. */
        List<Tok> systemPlace(List<Tok> words) {
            Tok p = words.get(0);
            if (p.word().literal()) {
                return words;
            }
            Matcher m = SYSTEM_PLACE.matcher(p.word().text());
            if (!m.find()) {
                return words;
            }
            String var = m.group(1).toLowerCase(Locale.ROOT);
            String place = SYSTEM_PLACES.get(var);
            String rest = p.word().text().substring(m.end());
            if (place == null || r.vars.containsKey(var) || rest.indexOf('%') >= 0 || rest.indexOf('!') >= 0) {
                return words;
            }
            String t = place + rest;
            List<Tok> out = new ArrayList<>(words);
            out.set(0, new Tok(new Word(t, p.word().raw(), true, Set.of()), t, p.start(), p.end()));
            return out;
        }

        /**
         * The command {@code start} runs: a first double-quoted word is the window title, then
         * switches ({@code /d PATH}, {@code /node N}, {@code /affinity MASK} take a value); null
         * when nothing follows (a new console window).
         */
        static List<Tok> started(List<Tok> words) {
            int k = 1;
            if (k < words.size() && words.get(k).word().has(WordFeature.DOUBLE_QUOTED) && words.size() > 2) {
                k++;
            }
            while (k < words.size() && words.get(k).word().text().startsWith("/")) {
                String s = words.get(k).word().text().toLowerCase(Locale.ROOT);
                k += START_WITH_VALUE.contains(s) ? 2 : 1;
            }
            return k < words.size() ? words.subList(k, words.size()) : null;
        }

        /** {@code rd/s/q}: an internal command glued to its first switch is two words. */
        static List<Tok> splitGlued(List<Tok> words) {
            if (words.isEmpty() || words.get(0).word().has(WordFeature.DOUBLE_QUOTED)) {
                return words;
            }
            Tok p = words.get(0);
            String t = p.word().text();
            int slash = t.indexOf('/');
            if (slash <= 0 || !INTERNAL.contains(t.substring(0, slash).toLowerCase(Locale.ROOT))) {
                return words;
            }
            List<Tok> out = new ArrayList<>();
            String name = t.substring(0, slash);
            String rest = t.substring(slash);
            out.add(new Tok(new Word(name, name, true, p.word().features()), name, p.start(), p.end()));
            out.add(new Tok(new Word(rest, rest, p.word().literal(), p.word().features()), rest, p.start(), p.end()));
            out.addAll(words.subList(1, words.size()));
            return out;
        }
    }

    /**
     * cmd.exe's {@code %V:~START,LENGTH%}: a negative start counts from the end (clamped at the
     * start), a missing length takes the rest, a negative length leaves that many characters off
     * the end; what falls outside the value is empty.
     */
    static String substring(String v, int start, Integer length) {
        int n = v.length();
        int from = start < 0 ? Math.max(0, n + start) : Math.min(start, n);
        int to = length == null ? n : length < 0 ? n + length : (int) Math.min((long) from + length, n);
        return to <= from ? "" : v.substring(from, to);
    }

    /**
     * cmd.exe's {@code %V:OLD=NEW%}: every OLD, compared without case, becomes NEW;
     * {@code *OLD} replaces everything up to and including the first OLD.
     */
    static String replaced(String v, String old, String with) {
        boolean prefix = old.startsWith("*");
        String o = prefix ? old.substring(1) : old;
        if (o.isEmpty()) {
            return prefix ? with : v;
        }
        String lv = v.toLowerCase(Locale.ROOT);
        String lo = o.toLowerCase(Locale.ROOT);
        int at = lv.indexOf(lo);
        if (at < 0) {
            return v;
        }
        if (prefix) {
            return with + v.substring(at + o.length());
        }
        StringBuilder sb = new StringBuilder();
        int from = 0;
        while (at >= 0) {
            sb.append(v, from, at).append(with);
            from = at + o.length();
            at = lv.indexOf(lo, from);
        }
        return sb.append(v.substring(from)).toString();
    }

    /** The program's base name as cmd.exe finds it: after the last {@code \} or {@code /}, lower-case, no {@code .exe}. */
    static String baseName(String path) {
        int cut = Math.max(path.lastIndexOf('\\'), path.lastIndexOf('/'));
        String b = (cut >= 0 ? path.substring(cut + 1) : path).toLowerCase(Locale.ROOT);
        return b.endsWith(".exe") ? b.substring(0, b.length() - 4) : b;
    }

    /** {@code text} with cmd.exe's carets read outside double quotes ({@code ^|} is {@code |}). */
    static String uncaret(String text) {
        StringBuilder sb = new StringBuilder();
        boolean quoted = false;
        for (int k = 0; k < text.length(); k++) {
            char c = text.charAt(k);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '^' && !quoted && k + 1 < text.length()) {
                c = text.charAt(++k);
            }
            sb.append(c);
        }
        return sb.toString();
    }

    private static List<String> append(List<String> list, String s) {
        List<String> out = new ArrayList<>(list);
        out.add(s);
        return List.copyOf(out);
    }
}
