package dev.shellwarden.grammar.bash;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.CommonToken;
import org.antlr.v4.runtime.Lexer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.Interval;

/**
 * What the lexer rules of {@code BashLexer.g4} cannot do, done by hand on top of them.
 *
 * <ul>
 *   <li><b>Words.</b> Rules emit pieces; {@link #nextToken()} glues adjacent pieces into one
 *       {@code WORD}, consuming every nested {@code $( )}, {@code <( )}, {@code ${ }},
 *       {@code $(( ))} and {@code "…"} into the word that holds it. Offsets of each nested
 *       construct are recorded as {@link Span}s so the splitter can re-parse their inside.</li>
 *   <li><b>Keywords</b> ({@code if}, {@code {}, {@code [[}…) only in command position, tracked per
 *       nesting frame from the tokens already seen; {@code in} only after {@code for/select/case}
 *       {@code NAME}; {@code esac} in case-pattern position.</li>
 *   <li><b>Heredocs.</b> {@code <<WORD} queues the delimiter; at the next newline token the bodies
 *       are read raw, line by line, in order (several heredocs on one line work).</li>
 *   <li><b>Guarded popMode</b>, and budgets: nesting depth, raw and emitted token counts.</li>
 * </ul>
 *
 * <p>INVARIANT: no input makes this class throw. Problems are counted in {@link #errors()} or
 * flagged by {@link #limitHit()}; the splitter turns either into an opaque result.
 */
public abstract class BashLexerBase extends Lexer {

    /** Deepest nesting of substitutions, parentheses or compound keywords in one text. */
    public static final int MAX_NESTING = 64;
    /** Most tokens handed to the parser for one text. */
    public static final int MAX_TOKENS = 6_000;
    /** Most raw pieces lexed for one text. */
    public static final int MAX_RAW_TOKENS = 20_000;

    /**
     * A nested construct found in the text.
     *
     * @param kind       the opener's token type ({@code SUB_OPEN}, {@code FUNSUB_OPEN}, {@code PROCSUB_OPEN},
     *                   {@code BACKTICK}, {@code ARITH_OPEN}, {@code DPAREN_OPEN}, {@code PARAM_OPEN})
     * @param start      offset of the opener
     * @param innerStart offset of the first character inside
     * @param innerEnd   offset just past the last character inside
     * @param end        offset just past the closer
     * @param subDepth   how many command substitutions enclose it (0 at the level of this text)
     */
    public record Span(int kind, int start, int innerStart, int innerEnd, int end, int subDepth) {
    }

    /**
     * A heredoc body read at the newline after its operator.
     *
     * @param opStart    offset of the {@code <<} / {@code <<-} operator
     * @param delimiter  the delimiter after quote removal
     * @param quoted     true when the delimiter was quoted: the body is pure data
     * @param body       the body (leading tabs removed for {@code <<-})
     * @param bodyStart  offset of the body in the text
     * @param terminated false when the text ended before the delimiter line
     */
    public record HeredocBody(int opStart, String delimiter, boolean quoted, String body,
            int bodyStart, boolean terminated) {
    }

    private static final Map<String, Integer> KEYWORDS = new HashMap<>();

    static {
        KEYWORDS.put("if", BashLexer.IF);
        KEYWORDS.put("then", BashLexer.THEN);
        KEYWORDS.put("else", BashLexer.ELSE);
        KEYWORDS.put("elif", BashLexer.ELIF);
        KEYWORDS.put("fi", BashLexer.FI);
        KEYWORDS.put("do", BashLexer.DO);
        KEYWORDS.put("done", BashLexer.DONE);
        KEYWORDS.put("case", BashLexer.CASE);
        KEYWORDS.put("esac", BashLexer.ESAC);
        KEYWORDS.put("while", BashLexer.WHILE);
        KEYWORDS.put("until", BashLexer.UNTIL);
        KEYWORDS.put("for", BashLexer.FOR);
        KEYWORDS.put("select", BashLexer.SELECT);
        KEYWORDS.put("function", BashLexer.FUNCTION);
        KEYWORDS.put("{", BashLexer.LBRACE);
        KEYWORDS.put("}", BashLexer.RBRACE);
        KEYWORDS.put("!", BashLexer.BANG);
        KEYWORDS.put("[[", BashLexer.DBRACK_OPEN);
        KEYWORDS.put("coproc", BashLexer.COPROC);
    }

    private static final int S_NONE = 0;
    private static final int S_FOR_NAME = 1;
    private static final int S_FOR_IN = 2;
    private static final int S_CASE_WORD = 3;
    private static final int S_CASE_IN = 4;
    private static final int S_FUNC_NAME = 5;
    private static final int S_TIME = 6;
    /** After {@code time -p}: {@code --} may still follow. */
    private static final int S_TIME_P = 7;
    /** After {@code coproc}: the next word is a NAME or the command name. */
    private static final int S_COPROC = 8;
    /** After {@code coproc WORD}: a compound command may still start here. */
    private static final int S_COPROC_NAME = 9;

    /** The reserved words that start a compound command (the only ones after {@code coproc NAME}). */
    private static final java.util.Set<Integer> COMPOUND_STARTS = java.util.Set.of(BashLexer.LBRACE, BashLexer.IF,
            BashLexer.WHILE, BashLexer.UNTIL, BashLexer.FOR, BashLexer.SELECT, BashLexer.CASE, BashLexer.DBRACK_OPEN);

    /** Lexing state of one nesting level: the text itself, a {@code $( )} or an arithmetic. */
    private static final class Frame {
        final int kind;
        final int start;
        final int innerStart;
        final int subDepth;
        int parens;
        int arithDepth;
        boolean cmdPos = true;
        int lastType = -1;
        boolean redirTarget;
        int heredocOp;
        int heredocOpStart;
        int state;
        boolean casePattern;
        int caseDepth;
        boolean inCond;
        int structDepth;
        /** After an assignment prefix: still the command name's position, but no keyword. */
        boolean afterAssign;

        Frame(int kind, int start, int innerStart, int subDepth) {
            this.kind = kind;
            this.start = start;
            this.innerStart = innerStart;
            this.subDepth = subDepth;
        }
    }

    /** A heredoc operator whose body is due at the next newline of its own frame level ({@code level}). */
    private record Pending(int opStart, String delimiter, boolean quoted, boolean dash, boolean inSub, int level) {

        // Written out (removeAll compares by value): a record's generated equals links through an
        // invokedynamic bootstrap at first call, which the AOT cache does not keep; the first
        // heredoc of a cold check paid ~15 ms of CPU for it. Same meaning and hash values.

        @Override
        public boolean equals(Object o) {
            return this == o || o instanceof Pending p && opStart == p.opStart && quoted == p.quoted && dash == p.dash
                    && inSub == p.inSub && level == p.level && java.util.Objects.equals(delimiter, p.delimiter);
        }

        @Override
        public int hashCode() {
            int h = Integer.hashCode(opStart);
            h = h * 31 + java.util.Objects.hashCode(delimiter);
            h = h * 31 + Boolean.hashCode(quoted);
            h = h * 31 + Boolean.hashCode(dash);
            h = h * 31 + Boolean.hashCode(inSub);
            return h * 31 + Integer.hashCode(level);
        }
    }

    private final Deque<Frame> frames = new ArrayDeque<>();
    private final Deque<int[]> paramStarts = new ArrayDeque<>();
    private final List<Span> spans = new ArrayList<>();
    private final Map<Integer, HeredocBody> heredocs = new HashMap<>();
    private final List<Pending> pending = new ArrayList<>();
    private Token pushedBack;
    private Frame pushedBackFrame;
    private boolean bodiesDue;
    /** The frame level of the newline that made the bodies due. */
    private int dueLevel;
    private int errors;
    private boolean limitHit;
    private int rawCount;
    private int emitted;

    protected BashLexerBase(CharStream input) {
        super(input);
        frames.push(new Frame(0, 0, 0, 0));
    }

    // ------------------------------------------------------------------ results

    /** Nested constructs found, in the order they closed. */
    public List<Span> spans() {
        return spans;
    }

    /** Heredoc bodies by the offset of their operator. */
    public Map<Integer, HeredocBody> heredocs() {
        return heredocs;
    }

    /** Lexical errors: unknown characters, unterminated quotes, substitutions or heredocs. */
    public int errors() {
        return errors;
    }

    /** True when a nesting or token budget was exceeded (lexing stopped there). */
    public boolean limitHit() {
        return limitHit;
    }

    /**
     * Lexes the whole input as an unquoted heredoc body (mode HDOC) and records the expansions
     * in it; used to find the command substitutions a body runs.
     */
    public void scanHeredocBody() {
        mode(BashLexer.HDOC);
        while (true) {
            Token t = rawNext();
            if (t.getType() == Token.EOF) {
                break;
            }
            consumePiece(t);
        }
        finish();
    }

    // ------------------------------------------------------------------ ANTLR overrides

    @Override
    public Token nextToken() {
        Token t = grouped();
        if (t.getType() == Token.EOF) {
            finish();
            return t;
        }
        if (++emitted > MAX_TOKENS) {
            limitHit = true;
            return eof();
        }
        return t;
    }

    /** INVARIANT: never throws on an empty mode stack (antlr4 #2006); counts an error instead. */
    @Override
    public int popMode() {
        if (_modeStack.isEmpty()) {
            errors++;
            return _mode;
        }
        return super.popMode();
    }

    // ------------------------------------------------------------------ actions and predicates

    /** {@code #} starts a comment only where a word may start. */
    protected boolean commentStart() {
        int i = _tokenStartCharIndex;
        if (i == 0) {
            return true;
        }
        int c = _input.getText(Interval.of(i - 1, i - 1)).charAt(0);
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == ';' || c == '&'
                || c == '|' || c == '(' || c == ')' || c == '<' || c == '>';
    }

    /** {@code $(}, {@code <(}, {@code >(}: a new command context until the matching {@code )}. */
    protected void onSubOpen(int kind) {
        frames.push(new Frame(kind, _tokenStartCharIndex, _input.index(), subDepth()));
        pushMode(DEFAULT_MODE);
        checkNesting();
    }

    /**
     * Closes the innermost substitution; called by the grouping layer for a SUB_CLOSE token once
     * the words before it are classified. INVARIANT: nothing after the {@code )} has been lexed
     * yet, so popping the mode here is in time.
     */
    private void closeSub(Token close) {
        Frame f = frames.size() > 1 ? frames.pop() : null;
        popMode();
        if (f != null) {
            spans.add(new Span(f.kind, f.start, f.innerStart, close.getStartIndex(), close.getStopIndex() + 1, f.subDepth));
        }
    }

    protected void onLParen() {
        Frame f = frames.peek();
        f.parens++;
        if (f.parens > MAX_NESTING) {
            limitHit = true;
        }
    }

    protected void onRParen() {
        Frame f = frames.peek();
        if (f.parens > 0) {
            f.parens--;
        } else if (f.kind == BashLexer.SUB_OPEN || f.kind == BashLexer.PROCSUB_OPEN) {
            setType(BashLexer.SUB_CLOSE);
        }
    }

    /** {@code $((} or {@code ((}: arithmetic until the matching {@code ))}. */
    protected void onArithOpen(boolean command) {
        frames.push(new Frame(command ? BashLexer.DPAREN_OPEN : BashLexer.ARITH_OPEN,
                _tokenStartCharIndex, _input.index(), subDepth()));
        pushMode(BashLexer.ARITH);
        checkNesting();
    }

    protected boolean arithTop() {
        Frame f = frames.peek();
        return f != null && f.arithDepth == 0;
    }

    protected void arithParen(int delta) {
        Frame f = frames.peek();
        if (delta > 0) {
            f.arithDepth++;
            if (f.arithDepth > MAX_NESTING) {
                limitHit = true;
            }
        } else if (f.arithDepth > 0) {
            f.arithDepth--;
        } else {
            setType(BashLexer.ERROR_CHAR);
        }
    }

    protected void onArithClose() {
        Frame f = frames.size() > 1 ? frames.pop() : null;
        popMode();
        if (f != null) {
            spans.add(new Span(f.kind, f.start, f.innerStart, _tokenStartCharIndex, _input.index(), f.subDepth));
        }
    }

    protected void onParamOpen() {
        paramStarts.push(new int[] {_tokenStartCharIndex, _input.index()});
        pushMode(BashLexer.PARAM_MODE);
        if (paramStarts.size() > MAX_NESTING) {
            limitHit = true;
        }
    }

    protected void onParamClose() {
        popMode();
        int[] s = paramStarts.poll();
        if (s != null) {
            spans.add(new Span(BashLexer.PARAM_OPEN, s[0], s[1], _tokenStartCharIndex, _input.index(), subDepth()));
        }
    }

    private int subDepth() {
        int d = 0;
        for (Frame f : frames) {
            if (isCommandFrame(f.kind)) {
                d++;
            }
        }
        return d;
    }

    /** The frames that hold commands: {@code $( )}, {@code <( )}, {@code >( )} and {@code ${ }}. */
    private static boolean isCommandFrame(int kind) {
        return kind == BashLexer.SUB_OPEN || kind == BashLexer.PROCSUB_OPEN || kind == BashLexer.FUNSUB_OPEN;
    }

    private void checkNesting() {
        if (frames.size() > MAX_NESTING || _modeStack.size() > 3 * MAX_NESTING) {
            limitHit = true;
        }
    }

    // ------------------------------------------------------------------ raw layer

    private Token rawNext() {
        if (pushedBack != null) {
            Token t = pushedBack;
            pushedBack = null;
            return t;
        }
        if (limitHit) {
            return eof();
        }
        if (bodiesDue) {
            bodiesDue = false;
            readHeredocBodies();
        }
        Token t = super.nextToken();
        if (++rawCount > MAX_RAW_TOKENS) {
            limitHit = true;
            return eof();
        }
        if (t.getType() == BashLexer.NEWLINE) {
            // `<<EOF $(\n foo\n)`: a newline inside a substitution opened on the operator's line
            // does not end that line; the bodies are read after the newline of their own level.
            // Which bodies is decided when they are read: the delimiter word before this newline
            // is only classified (and its heredoc queued) after the newline was lexed as lookahead.
            bodiesDue = true;
            dueLevel = frames.size();
        } else if (t.getType() == BashLexer.ERROR_CHAR) {
            errors++;
        }
        return t;
    }

    private void pushBack(Token t, Frame before) {
        pushedBack = t;
        pushedBackFrame = before;
    }

    private Token eof() {
        int i = _input.index();
        CommonToken t = new CommonToken(_tokenFactorySourcePair, Token.EOF, DEFAULT_TOKEN_CHANNEL, i, i - 1);
        t.setText("<EOF>");
        return t;
    }

    private Token token(int type, int start, int stop) {
        CommonToken t = new CommonToken(_tokenFactorySourcePair, type, DEFAULT_TOKEN_CHANNEL, start, stop);
        t.setLine(1);
        // INVARIANT: the text is cut once here; CommonToken would otherwise re-slice it per call.
        t.setText(text(start, stop));
        return t;
    }

    /** Reads the queued heredoc bodies; the input stands just after a newline. */
    private void readHeredocBodies() {
        List<Pending> due = new ArrayList<>();
        for (Pending p : pending) {
            if (p.level() == dueLevel) {
                due.add(p);
            }
        }
        pending.removeAll(due);
        for (Pending p : due) {
            int bodyStart = _input.index();
            StringBuilder body = new StringBuilder();
            boolean terminated = false;
            boolean continued = false;
            while (_input.LA(1) != Token.EOF) {
                int lineStart = _input.index();
                StringBuilder line = new StringBuilder();
                while (_input.LA(1) != Token.EOF && _input.LA(1) != '\n') {
                    line.append((char) _input.LA(1));
                    _input.consume();
                }
                boolean nl = _input.LA(1) == '\n';
                String cmp = line.toString();
                if (cmp.endsWith("\r")) {
                    cmp = cmp.substring(0, cmp.length() - 1);
                }
                int tabs = 0;
                if (p.dash()) {
                    while (tabs < cmp.length() && cmp.charAt(tabs) == '\t') {
                        tabs++;
                    }
                    cmp = cmp.substring(tabs);
                }
                boolean wasContinued = continued;
                // In an unquoted body a line ending in an odd number of backslashes continues on
                // the next line, which is then not a delimiter line.
                int bs = 0;
                while (bs < cmp.length() && cmp.charAt(cmp.length() - 1 - bs) == '\\') {
                    bs++;
                }
                continued = !p.quoted() && bs % 2 == 1;
                if (!wasContinued && cmp.equals(p.delimiter())) {
                    if (nl) {
                        _input.consume();
                    }
                    terminated = true;
                    break;
                }
                if (!wasContinued && p.inSub() && cmp.startsWith(p.delimiter())
                        && cmp.substring(p.delimiter().length()).stripLeading().startsWith(")")) {
                    // `EOF)` closing both the heredoc and the command substitution.
                    _input.seek(lineStart + tabs + p.delimiter().length());
                    terminated = true;
                    break;
                }
                body.append(p.dash() ? line.substring(tabs) : line);
                if (nl) {
                    body.append('\n');
                    _input.consume();
                }
            }
            if (!terminated) {
                errors++;
            }
            heredocs.put(p.opStart(), new HeredocBody(p.opStart(), p.delimiter(), p.quoted(),
                    body.toString(), bodyStart, terminated));
        }
    }

    // ------------------------------------------------------------------ grouping layer

    private Frame frame() {
        return frames.peek();
    }

    /** The next parser token at the innermost frame. */
    private Token grouped() {
        while (true) {
            Frame f = pushedBack != null ? pushedBackFrame : frame();
            Token r = rawNext();
            int ty = r.getType();
            if (ty == Token.EOF) {
                return r;
            }
            if (ty == BashLexer.LINE_CONT) {
                continue;
            }
            if (isPiece(ty) || ty == BashLexer.DPAREN_OPEN) {
                return word(f, r);
            }
            if (ty == BashLexer.SUB_CLOSE) {
                if (!f.casePattern) {
                    closeSub(r);
                    return r;
                }
                r = token(BashLexer.RPAREN, r.getStartIndex(), r.getStopIndex());
            }
            operator(f, r);
            return r;
        }
    }

    private static boolean isPiece(int ty) {
        switch (ty) {
            case BashLexer.BARE, BashLexer.SQ, BashLexer.ANSI, BashLexer.DQ_OPEN, BashLexer.ARITH_OPEN,
                    BashLexer.SUB_OPEN, BashLexer.FUNSUB_OPEN, BashLexer.PARAM_OPEN, BashLexer.PARAM, BashLexer.BACKTICK,
                    BashLexer.ESC, BashLexer.DOLLAR, BashLexer.HASH, BashLexer.PROCSUB_OPEN, BashLexer.DOLLAR_BRACKET,
                    BashLexer.ERROR_CHAR:
                return true;
            default:
                return false;
        }
    }

    private static boolean joins(int ty) {
        return isPiece(ty) || ty == BashLexer.LINE_CONT || ty == BashLexer.IO_NUMBER;
    }

    private Token word(Frame f, Token first) {
        int start = first.getStartIndex();
        if (closesFunsub(f, first)) {
            // decided before any lookahead: the piece after `}` is lexed in the outer mode
            // (`"${ foo;}"` goes on with the closing quote)
            Token close = token(BashLexer.SUB_CLOSE, start, first.getStopIndex());
            closeSub(close);
            return close;
        }
        if (first.getType() == BashLexer.DPAREN_OPEN) {
            int stop = consumeUntil(BashLexer.ARITH_CLOSE);
            // `for ((…)) {` takes a brace group as its body, and bash accepts a reserved word
            // after any `(( ))`: `while ((x)) do`
            f.cmdPos = true;
            f.state = S_NONE;
            f.lastType = BashLexer.ARITH_CMD;
            return token(BashLexer.ARITH_CMD, start, stop);
        }
        Token t = first;
        boolean single = true;
        // bare pieces and `\<newline>` only: bash removes the continuation before it reads the
        // word, so `wh\<newline>ile` is `while` and `]]\<newline>` is `]]` (`\<CR><LF>` is not one)
        boolean bareOnly = first.getType() == BashLexer.BARE;
        int stop;
        while (true) {
            stop = consumePiece(t);
            Token n = rawNext();
            if (n.getType() != Token.EOF && joins(n.getType())
                    && (n.getStartIndex() == stop + 1 || f.cmdPos && !f.inCond && !f.redirTarget && openSubscript(start, stop, n))) {
                t = n;
                single = false;
                bareOnly &= n.getType() == BashLexer.BARE
                        || n.getType() == BashLexer.LINE_CONT && "\\\n".equals(n.getText());
                continue;
            }
            boolean extglob = n.getType() == BashLexer.LPAREN && n.getStartIndex() == stop + 1 && isExtglobPrefix(stop);
            if (n.getType() == BashLexer.LPAREN && n.getStartIndex() == stop + 1 && (extglob || isArrayPrefix(start, stop))) {
                stop = consumeArray(f, n, extglob);
                Token m = rawNext();
                if (m.getType() != Token.EOF && m.getStartIndex() == stop + 1 && joins(m.getType())) {
                    t = m;
                    single = false;
                    bareOnly = false;
                    continue;
                }
                pushBack(m, f);
                break;
            }
            if (n.getType() != Token.EOF) {
                pushBack(n, f);
            }
            if (single && first.getType() == BashLexer.BARE && n.getStartIndex() == stop + 1
                    && isRedirectOp(n.getType()) && (allDigits(start, stop) || descriptorName(start, stop))) {
                // `2>`, and bash's `{NAME}>`: a variable that gets the number of a new descriptor
                return token(BashLexer.IO_NUMBER, start, stop);
            }
            break;
        }
        return classify(f, start, stop, bareOnly);
    }

    /**
     * True for the {@code }} reserved word that ends {@code ${ list; }}: a lone {@code }} in
     * command position at the funsub's own level (a nested {@code { …; }} closes first). A
     * {@code }} glued to more text ({@code ${ foo;}bar}) is a plain word here, so the funsub stays
     * open and the text fails to lex: unsure, hence opaque.
     */
    private boolean closesFunsub(Frame f, Token first) {
        return f.kind == BashLexer.FUNSUB_OPEN && f.structDepth == 0 && first.getType() == BashLexer.BARE
                && "}".equals(first.getText()) && f.cmdPos && !f.afterAssign && !f.inCond && !f.redirTarget
                && !f.casePattern && f.state == S_NONE;
    }

    private static boolean isRedirectOp(int ty) {
        switch (ty) {
            case BashLexer.GREAT, BashLexer.DGREAT, BashLexer.CLOBBER, BashLexer.LESS, BashLexer.LESSGREAT,
                    BashLexer.GREATAND, BashLexer.LESSAND, BashLexer.DLESS, BashLexer.DLESSDASH, BashLexer.TLESS:
                return true;
            default:
                return false;
        }
    }

    /** {@code {NAME}}: the word before a redirection that names a descriptor variable. */
    private boolean descriptorName(int start, int stop) {
        String t = _input.getText(Interval.of(start, stop));
        return t.length() > 2 && t.charAt(0) == '{' && t.charAt(t.length() - 1) == '}'
                && Names.isIdentifier(t, 1, t.length() - 1);
    }

    private boolean allDigits(int start, int stop) {
        for (int i = start; i <= stop; i++) {
            int c = _input.getText(Interval.of(i, i)).charAt(0);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** Consumes one piece and whatever is nested in it; returns the offset of its last char. */
    private int consumePiece(Token t) {
        switch (t.getType()) {
            case BashLexer.DQ_OPEN:
                return consumeUntil(BashLexer.DQ_CLOSE);
            case BashLexer.PARAM_OPEN:
                return consumeUntil(BashLexer.PARAM_CLOSE);
            case BashLexer.ARITH_OPEN:
            case BashLexer.DPAREN_OPEN:
                return consumeUntil(BashLexer.ARITH_CLOSE);
            case BashLexer.SUB_OPEN:
            case BashLexer.PROCSUB_OPEN:
            case BashLexer.FUNSUB_OPEN:
                return consumeSub();
            case BashLexer.BACKTICK:
                spans.add(new Span(BashLexer.BACKTICK, t.getStartIndex(), t.getStartIndex() + 1,
                        t.getStopIndex(), t.getStopIndex() + 1, subDepth()));
                return t.getStopIndex();
            default:
                return t.getStopIndex();
        }
    }

    private int consumeUntil(int closeType) {
        while (true) {
            Token r = rawNext();
            if (r.getType() == Token.EOF) {
                errors++;
                return r.getStartIndex() - 1;
            }
            if (r.getType() == closeType) {
                return r.getStopIndex();
            }
            consumePiece(r);
        }
    }

    private int consumeSub() {
        while (true) {
            Token r = grouped();
            if (r.getType() == Token.EOF) {
                errors++;
                return r.getStartIndex() - 1;
            }
            if (r.getType() == BashLexer.SUB_CLOSE) {
                return r.getStopIndex();
            }
        }
    }

    /** {@code NAME=(…)}: the array's elements belong to the assignment word. */
    private int consumeArray(Frame f, Token open, boolean extglob) {
        int level = f.parens - 1;
        while (true) {
            Token r = rawNext();
            if (r.getType() == Token.EOF) {
                errors++;
                return r.getStartIndex() - 1;
            }
            if (r.getType() == BashLexer.RPAREN && f.parens == level) {
                return r.getStopIndex();
            }
            boolean allowed = extglob ? r.getType() == BashLexer.PIPE || r.getType() == BashLexer.LPAREN
                    || r.getType() == BashLexer.RPAREN : r.getType() == BashLexer.NEWLINE || r.getType() == BashLexer.LINE_CONT;
            if (!isPiece(r.getType()) && !allowed) {
                errors++; // an operator inside an array literal or a pattern
            }
            consumePiece(r);
        }
    }

    /**
     * True when the word so far is {@code NAME[} with its subscript still open and only blanks
     * stand before the next piece: in a command's assignment position bash reads the subscript
     * up to its matching {@code ]}, blanks included ({@code a[ $i ]=x}, {@code a[ i + 1 ]=y}), as
     * one word. Quotes inside the subscript are pieces of their own, so only bare brackets count.
     */
    private boolean openSubscript(int start, int stop, Token next) {
        String s = text(start, stop);
        int open = s.indexOf('[');
        if (open <= 0 || !Names.isIdentifier(s, 0, open) || !text(stop + 1, next.getStartIndex() - 1).isBlank()
                || text(stop + 1, next.getStartIndex() - 1).indexOf('\n') >= 0) {
            return false;
        }
        int depth = 0;
        for (int i = open; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == '[') {
                depth++;
            } else if (c == ']' && --depth == 0) {
                return false; // closed: the word ended at the blank
            }
        }
        return depth > 0;
    }

    /** {@code ?(…) *(…) +(…) @(…) !(…)}: an extended glob pattern continues the word. */
    private boolean isExtglobPrefix(int stop) {
        String c = text(stop, stop);
        return c.equals("?") || c.equals("*") || c.equals("+") || c.equals("@") || c.equals("!");
    }

    private boolean isArrayPrefix(int start, int stop) {
        String s = text(start, stop);
        int end = s.endsWith("+=") ? s.length() - 2 : s.length() - 1;
        return s.endsWith("=") && Names.isIdentifier(s, 0, end);
    }

    private boolean isAssignment(int start, int stop) {
        return Names.isAssignment(text(start, stop));
    }

    private String text(int start, int stop) {
        return _input.getText(Interval.of(start, stop));
    }

    /** Decides what a completed word is, given the frame's position state. */
    private Token classify(Frame f, int start, int stop, boolean plainBare) {
        String text = plainBare ? text(start, stop).replace("\\\n", "") : null;
        int type = BashLexer.WORD;
        if (f.state == S_TIME || f.state == S_TIME_P) {
            // bash's timespec takes `-p` and then `--`, nothing else: `time -a` runs `-a`
            boolean p = f.state == S_TIME && "-p".equals(text);
            f.state = p ? S_TIME_P : S_NONE;
            if (p || "--".equals(text)) {
                f.lastType = BashLexer.TIME_OPT;
                return token(BashLexer.TIME_OPT, start, stop);
            }
        }
        if (f.state == S_COPROC || f.state == S_COPROC_NAME) {
            boolean first = f.state == S_COPROC;
            f.state = S_NONE;
            Integer kw = text == null ? null : KEYWORDS.get(text);
            if (kw != null && COMPOUND_STARTS.contains(kw)) {
                keyword(f, kw);
                f.lastType = kw;
                return token(kw, start, stop);
            }
            if (first && !f.inCond && !f.redirTarget) {
                // `coproc NAME {…}` or `coproc cmd args`: one more word may start a compound command
                f.state = S_COPROC_NAME;
                f.lastType = BashLexer.WORD;
                return token(BashLexer.WORD, start, stop);
            }
        }
        if (f.inCond) {
            if ("]]".equals(text)) {
                type = BashLexer.DBRACK_CLOSE;
                f.inCond = false;
                f.cmdPos = true;
            }
        } else if (f.redirTarget) {
            f.redirTarget = false;
            if (f.heredocOp != 0) {
                registerHeredoc(f, start, stop);
                f.heredocOp = 0;
            }
        } else if (f.state == S_FOR_NAME) {
            f.state = S_FOR_IN;
            f.cmdPos = false;
        } else if (f.state == S_CASE_WORD) {
            f.state = S_CASE_IN;
            f.cmdPos = false;
        } else if (f.state == S_FOR_IN && "in".equals(text)) {
            type = BashLexer.IN;
            f.state = S_NONE;
            f.cmdPos = false;
        } else if (f.state == S_FOR_IN && "do".equals(text)) {
            type = BashLexer.DO;
            f.state = S_NONE;
            f.cmdPos = true;
        } else if (f.state == S_CASE_IN && "in".equals(text)) {
            type = BashLexer.IN;
            f.state = S_NONE;
            f.casePattern = true;
            f.caseDepth++;
            f.cmdPos = false;
        } else if (f.state == S_FUNC_NAME) {
            f.state = S_NONE;
            f.cmdPos = true;
        } else if (f.casePattern) {
            if ("esac".equals(text)) {
                type = BashLexer.ESAC;
                closeCase(f);
            }
        } else if (f.cmdPos && !f.afterAssign && text != null && KEYWORDS.containsKey(text)) {
            type = KEYWORDS.get(text);
            keyword(f, type);
        } else if (f.cmdPos && !f.afterAssign && "time".equals(text) && f.lastType != BashLexer.TIME) {
            type = BashLexer.TIME;
            f.state = S_TIME;
        } else if (f.cmdPos && isAssignment(start, stop)) {
            f.state = S_NONE;
            // an assignment prefix keeps the command position (but no keyword follows it)
            f.afterAssign = true;
            f.lastType = type;
            return token(type, start, stop);
        } else {
            f.state = S_NONE;
            f.cmdPos = false;
        }
        f.afterAssign = false;
        f.lastType = type;
        return token(type, start, stop);
    }

    private void keyword(Frame f, int type) {
        switch (type) {
            case BashLexer.IF, BashLexer.WHILE, BashLexer.UNTIL, BashLexer.LBRACE -> {
                f.cmdPos = true;
                nest(f, 1);
            }
            case BashLexer.THEN, BashLexer.ELSE, BashLexer.ELIF, BashLexer.DO, BashLexer.BANG -> f.cmdPos = true;
            case BashLexer.FOR, BashLexer.SELECT -> {
                f.state = S_FOR_NAME;
                f.cmdPos = false;
                nest(f, 1);
            }
            case BashLexer.CASE -> {
                f.state = S_CASE_WORD;
                f.cmdPos = false;
                nest(f, 1);
            }
            case BashLexer.FUNCTION -> {
                f.state = S_FUNC_NAME;
                f.cmdPos = false;
            }
            case BashLexer.DBRACK_OPEN -> {
                f.inCond = true;
                f.cmdPos = false;
            }
            case BashLexer.COPROC -> {
                f.state = S_COPROC;
                f.cmdPos = true;
            }
            case BashLexer.FI, BashLexer.DONE, BashLexer.RBRACE -> {
                // bash takes a reserved word right after these: `{ if a; then b; fi }`
                f.cmdPos = true;
                nest(f, -1);
            }
            case BashLexer.ESAC -> closeCase(f);
            default -> f.cmdPos = false;
        }
    }

    private void nest(Frame f, int delta) {
        f.structDepth = Math.max(0, f.structDepth + delta);
        if (f.structDepth > MAX_NESTING) {
            limitHit = true;
        }
    }

    private void closeCase(Frame f) {
        f.caseDepth = Math.max(0, f.caseDepth - 1);
        f.casePattern = false;
        f.cmdPos = true;
        nest(f, -1);
    }

    /** Position bookkeeping for a non-word token. */
    private void operator(Frame f, Token r) {
        int ty = r.getType();
        if (f.inCond) {
            f.lastType = ty;
            return;
        }
        if (f.state == S_COPROC || f.state == S_COPROC_NAME || f.state == S_TIME || f.state == S_TIME_P) {
            f.state = S_NONE;
        }
        if (!isRedirectOp(ty) && ty != BashLexer.AMP_GREAT && ty != BashLexer.AMP_DGREAT && ty != BashLexer.IO_NUMBER) {
            f.afterAssign = false;
        }
        switch (ty) {
            case BashLexer.NEWLINE -> {
                if (!f.casePattern) {
                    f.cmdPos = true;
                }
            }
            case BashLexer.SEMI, BashLexer.AMP, BashLexer.AND_IF, BashLexer.OR_IF -> {
                f.cmdPos = true;
                if (f.state == S_FOR_IN) {
                    f.state = S_NONE;
                }
            }
            case BashLexer.PIPE, BashLexer.PIPE_AMP -> {
                if (!f.casePattern) {
                    f.cmdPos = true;
                }
            }
            case BashLexer.DSEMI, BashLexer.SEMI_AND, BashLexer.DSEMI_AND -> {
                f.casePattern = f.caseDepth > 0;
                f.cmdPos = false;
            }
            case BashLexer.LPAREN -> {
                if (f.lastType != BashLexer.WORD && !f.casePattern) {
                    f.cmdPos = true;
                }
            }
            case BashLexer.RPAREN -> {
                if (f.casePattern) {
                    f.casePattern = false;
                }
                // after `()` a body follows; after a subshell's `)` bash takes a reserved word
                // (`if a; then (b) fi`), and any other word after `)` is a syntax error anyway
                f.cmdPos = true;
            }
            case BashLexer.GREAT, BashLexer.DGREAT, BashLexer.CLOBBER, BashLexer.LESS, BashLexer.LESSGREAT,
                    BashLexer.GREATAND, BashLexer.LESSAND, BashLexer.AMP_GREAT, BashLexer.AMP_DGREAT,
                    BashLexer.TLESS -> f.redirTarget = true;
            case BashLexer.DLESS, BashLexer.DLESSDASH -> {
                f.redirTarget = true;
                f.heredocOp = ty;
                f.heredocOpStart = r.getStartIndex();
            }
            default -> {
                // IO_NUMBER, SUB_CLOSE: no change
            }
        }
        f.lastType = ty;
    }

    private void registerHeredoc(Frame f, int start, int stop) {
        String raw = text(start, stop);
        StringBuilder delim = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '\'' || c == '"') {
                quoted = true;
            } else if (c == '\\' && i + 1 < raw.length()) {
                quoted = true;
                delim.append(raw.charAt(++i));
            } else if (c == '$' && i + 1 < raw.length() && (raw.charAt(i + 1) == '\'' || raw.charAt(i + 1) == '"')) {
                quoted = true;
            } else {
                delim.append(c);
            }
        }
        pending.add(new Pending(f.heredocOpStart, delim.toString(), quoted,
                f.heredocOp == BashLexer.DLESSDASH, f.kind == BashLexer.SUB_OPEN || f.kind == BashLexer.PROCSUB_OPEN,
                levelOf(f)));
    }

    /**
     * The nesting level of {@code f} (the text itself is 1). Not simply the top frame's: the
     * lookahead after a word may already have opened {@code $(} ({@code <<EOF $(}).
     */
    private int levelOf(Frame f) {
        int level = frames.size();
        for (Frame x : frames) {
            if (x == f) {
                return level;
            }
            level--;
        }
        return frames.size();
    }

    /** At end of input: anything still open is an error. */
    private void finish() {
        if (frames.size() > 1 || _mode != DEFAULT_MODE && _mode != BashLexer.HDOC || !_modeStack.isEmpty()
                || !pending.isEmpty() || frame().inCond) {
            errors++;
            pending.clear();
        }
    }
}
