package dev.shellwarden.corpus.props;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.checker.Checker;
import dev.shellwarden.checker.cases.Case;
import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.checker.protocol.Letter;
import dev.shellwarden.checker.protocol.LetterReader;
import dev.shellwarden.checker.protocol.ProtocolException;
import dev.shellwarden.checker.protocol.VerdictDoc;
import dev.shellwarden.checker.protocol.VerdictWriter;
import dev.shellwarden.engine.CommandDecision;
import dev.shellwarden.engine.Engine;
import dev.shellwarden.engine.Mode;
import dev.shellwarden.engine.Overlay;
import dev.shellwarden.engine.RuleBook;
import dev.shellwarden.engine.RuleInfo;
import dev.shellwarden.engine.Verdict;
import dev.shellwarden.grammar.Shell;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.StringLength;

/**
 * Properties of the whole classifier (splitter, rules, merge) over generated commands. Tries per
 * property come from {@code jqwik.tries.default} (see {@code junit-platform.properties}); a long run
 * raises it: {@code mvn -pl corpus -am verify -Djqwik.tries.default=20000}.
 */
class ClassifierProperties {

    static final Engine ENGINE = new Engine(RuleBook.builtIn(ClassifierProperties.class.getClassLoader()));
    private static final String PROJECT = Case.DEFAULT_PROJECT;

    private static CommandDecision decide(String raw, Mode mode, Overlay overlay) {
        return new Checker(ENGINE, new CheckerConfig(mode, Shell.BASH, overlay, List.of()))
                .decide(raw, PROJECT, PROJECT);
    }

    private static Verdict loose(String raw) {
        return decide(raw, Mode.LOOSE, Overlay.NONE).verdict();
    }

    /** True when the decision on {@code raw} rests on a slow-command finding (which a bound may lift). */
    private static boolean slow(String raw) {
        return decide(raw, Mode.LOOSE, Overlay.NONE).findings().stream()
                .anyMatch(f -> f.rule().family().equals("slow"));
    }

    // ---- any input -------------------------------------------------------------------------

    @Property
    void anyTextGivesABoundedSchemaShapedVerdict(@ForAll @StringLength(max = 400) String raw) {
        Letter letter = LetterReader.read(letterFor(raw));
        VerdictDoc v = new Checker(ENGINE, CheckerConfig.DEFAULTS).check(letter);
        byte[] bytes = VerdictWriter.write(v);
        assertTrue(bytes.length <= VerdictDoc.MAX_VERDICT_BYTES);
        assertEquals(1, v.commands().size());
        if (v.verdict() == Verdict.DENY) {
            assertTrue(v.message().isPresent());
        }
    }

    @Property
    void shellMetacharacterSoupNeverThrows(@ForAll("soup") String raw) {
        for (Mode mode : Mode.values()) {
            CommandDecision d = decide(raw, mode, Overlay.NONE);
            if (d.opaque()) {
                assertNotEquals(Verdict.ALLOW, d.verdict(), "opaque never allow: " + raw);
            }
        }
    }

    @Provide
    Arbitrary<String> soup() {
        return Arbitraries.strings().withChars("ab rm-f/~$(){}[]`'\"\\|&;<>!#*?=\n\t0129")
                .ofMaxLength(120);
    }

    @Property
    void arbitraryBytesNeverYieldAnythingButAVerdictOrARefusal(@ForAll byte[] bytes) {
        try {
            Letter letter = LetterReader.read(bytes);
            VerdictWriter.write(new Checker(ENGINE, CheckerConfig.DEFAULTS).check(letter));
        } catch (ProtocolException expected) {
            // refused with a one-line reason: the checker exits 2
            assertTrue(!expected.getMessage().contains("\n"));
        }
    }

    // ---- determinism ------------------------------------------------------------------------

    @Property
    void sameCommandSameVerdictBytes(@ForAll("commandText") String raw) {
        Letter letter = LetterReader.read(letterFor(raw));
        Checker checker = new Checker(ENGINE, CheckerConfig.DEFAULTS);
        assertTrue(Arrays.equals(VerdictWriter.write(checker.check(letter)), VerdictWriter.write(checker.check(letter))));
    }

    @Provide
    Arbitrary<String> commandText() {
        return Vocabulary.commands().map(Shellish::join);
    }

    // ---- tighten-only under wrapping ---------------------------------------------------------

    /** The wrappers of the property; those marked bounding may lift a slow-command finding. */
    enum Wrapper {
        SUDO(c -> "sudo " + c, false), SUDO_ROOT(c -> "sudo -u root " + c, false), ENV(c -> "env " + c, false),
        ENV_VAR(c -> "env X=1 " + c, false), NICE(c -> "nice " + c, false), NOHUP_BG(c -> "nohup " + c + " &", true),
        TIMEOUT(c -> "timeout 5 " + c, true), TIME(c -> "time " + c, false), COMMAND(c -> "command " + c, false),
        EXEC(c -> "exec " + c, false), BUILTIN(c -> "builtin " + c, false), BUSYBOX(c -> "busybox " + c, false),
        XARGS(c -> "xargs " + c, false), WATCH(c -> "watch " + c, false),
        BASH_C(c -> "bash -c " + Shellish.single(c), false), SH_C(c -> "sh -c \"" + c + "\"", false),
        EVAL(c -> "eval " + Shellish.single(c), false), SUBST(c -> "$(" + c + ")", false),
        BACKTICKS(c -> "`" + c + "`", false), SUBSHELL(c -> "( " + c + " )", false),
        GROUP(c -> "{ " + c + "; }", false), AND(c -> "true && " + c, false), OR(c -> "false || " + c, false),
        THEN_TRUE(c -> c + "; true", false), PIPE_IN(c -> "echo | " + c, false);

        final UnaryOperator<String> wrap;
        final boolean bounds;

        Wrapper(UnaryOperator<String> wrap, boolean bounds) {
            this.wrap = wrap;
            this.bounds = bounds;
        }
    }

    @Property
    void wrappingNeverLowersTheVerdict(@ForAll("commandWords") List<String> words, @ForAll Wrapper w) {
        String c = Shellish.join(words);
        String wrapped = w.wrap.apply(c);
        Verdict inner = loose(c);
        if (w.bounds && slow(c)) {
            return; // a bound (timeout, background with nohup's output file) is what slow rules ask for
        }
        assertTrue(loose(wrapped).compareTo(inner) >= 0,
                () -> "`" + wrapped + "` is " + loose(wrapped) + " but `" + c + "` is " + inner);
    }

    @Provide
    Arbitrary<List<String>> commandWords() {
        return Vocabulary.commands();
    }

    // ---- quoting invariance ------------------------------------------------------------------

    @Property
    void requotingTheCommandNameNeverLowersTheVerdict(@ForAll("commandWords") List<String> words,
            @ForAll("nameQuoting") UnaryOperator<String> quote) {
        String c = Shellish.join(words);
        List<String> rest = words.subList(1, words.size());
        String requoted = quote.apply(words.get(0)) + (rest.isEmpty() ? "" : " " + Shellish.join(rest));
        Verdict base = loose(c);
        assertTrue(loose(requoted).compareTo(base) >= 0,
                () -> "`" + requoted + "` is " + loose(requoted) + " but `" + c + "` is " + base);
    }

    @Provide
    Arbitrary<UnaryOperator<String>> nameQuoting() {
        return Arbitraries.of(Shellish::single, Shellish::dbl, Shellish::ansiHex, Shellish::split,
                Shellish::backslash, n -> "/bin/" + n, n -> "/usr/bin/" + n);
    }

    // ---- composition -------------------------------------------------------------------------

    @Property
    void aListIsAsStrictAsItsStrictestPart(@ForAll("commandWords") List<String> a, @ForAll("commandWords") List<String> b,
            @ForAll("listOperator") String op) {
        String ca = Shellish.join(a);
        String cb = Shellish.join(b);
        String both = ca + op + cb;
        Verdict max = loose(ca).worst(loose(cb));
        if (op.equals(" | ") && (slow(ca) || slow(cb))) {
            // `tail -f log | head -5` ends when head does: a pipe can bound a slow producer
            return;
        }
        assertTrue(loose(both).compareTo(max) >= 0,
                () -> "`" + both + "` is " + loose(both) + " but its parts reach " + max);
    }

    @Provide
    Arbitrary<String> listOperator() {
        return Arbitraries.of("; ", " && ", " || ", " | ", "\n");
    }

    // ---- opaque, floor, modes ----------------------------------------------------------------

    @Property
    void opaqueIsNeverAllowed(@ForAll("commandWords") List<String> words,
            @ForAll("dynamicPart") String dyn, @ForAll Mode mode) {
        List<String> w = new ArrayList<>(words);
        String raw = Shellish.join(w) + " " + dyn;
        CommandDecision d = decide(raw, mode, Overlay.NONE);
        if (d.opaque()) {
            assertNotEquals(Verdict.ALLOW, d.verdict(), raw);
        }
        String dynName = dyn + " " + Shellish.join(w.subList(1, w.size()));
        assertNotEquals(Verdict.ALLOW, decide(dynName, mode, Overlay.NONE).verdict(), dynName);
    }

    @Provide
    Arbitrary<String> dynamicPart() {
        // arithmetic over an unknown name: `$((1+2))` is computed (grammar/Arithmetic) and is a literal 3
        return Arbitraries.of("$X", "\"$(cat f)\"", "`id`", "${A:-b}", "$((N+2))", "$1", "\"$@\"");
    }

    @Property
    void floorStaysDenyUnderAnyConfig(@ForAll("floorCommand") String raw, @ForAll("looseningOverlay") Overlay overlay,
            @ForAll Mode mode) {
        CommandDecision d = decide(raw, mode, overlay);
        assertEquals(Verdict.DENY, d.verdict(), () -> raw + " under " + overlay + " gave " + d.rule().id());
    }

    @Provide
    Arbitrary<String> floorCommand() {
        return Arbitraries.of("rm -rf /", "rm -rf ~", "rm -fr /*", "sudo rm -rf --no-preserve-root /",
                "rm -rf //", "rm -rf /tmp/../");
    }

    @Provide
    Arbitrary<Overlay> looseningOverlay() {
        List<String> ids = ENGINE.book().rulesByName().values().stream().map(RuleInfo::id).toList();
        return Arbitraries.of(ids).list().ofMaxSize(ids.size()).uniqueElements()
                .flatMap(chosen -> Arbitraries.of("allow", "ask", "off").list().ofSize(chosen.size())
                        .map(vs -> {
                            Map<String, Optional<Verdict>> m = new HashMap<>();
                            for (int i = 0; i < chosen.size(); i++) {
                                m.put(chosen.get(i), vs.get(i).equals("off") ? Optional.empty()
                                        : Optional.of(Verdict.parse(vs.get(i))));
                            }
                            return new Overlay(m);
                        }));
    }

    @Property
    void hardIsNeverLooserThanLoose(@ForAll("commandText") String raw) {
        Verdict l = decide(raw, Mode.LOOSE, Overlay.NONE).verdict();
        Verdict h = decide(raw, Mode.HARD, Overlay.NONE).verdict();
        assertTrue(h.compareTo(l) >= 0, () -> raw + ": hard " + h + " < loose " + l);
    }

    // ---- helpers -----------------------------------------------------------------------------

    private static String letterFor(String raw) {
        StringBuilder sb = new StringBuilder("{\"version\":1,\"invocation\":{\"id\":\"p:1\",\"sessionID\":\"s\",")
                .append("\"projectDir\":\"").append(PROJECT).append("\"},\"action\":\"shell\",\"commands\":[")
                .append("{\"index\":0,\"raw\":\"");
        for (char ch : raw.toCharArray()) {
            if (ch == '"' || ch == '\\') {
                sb.append('\\').append(ch);
            } else if (ch < 0x20 || Character.isSurrogate(ch)) {
                sb.append(String.format("\\u%04x", (int) ch));
            } else {
                sb.append(ch);
            }
        }
        return sb.append("\",\"cwd\":\"\"}]}").toString();
    }
}
