package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Position;
import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.SplitResult;
import dev.shellwarden.grammar.Word;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * What one command prints, kept in a shell variable and used later on the same command line:
 * {@code T=$(gh auth token); echo $T}, {@code K=$(cat KEY); curl -d "$K" URL}. A fact for the
 * rules: segment {@code source} (a command inside the captured substitution) reaches segment
 * {@code user} (a later command that expands the variable). Classification carries a secret read
 * along it (SW4109), and {@link AgentOutput} counts the source as printed when the user prints it.
 *
 * <p>Only standalone assignments keep a value for later commands: {@code T=$(…)} alone and
 * {@code export|local|declare|readonly|typeset T=$(…)}; {@code T=$(…) cmd} sets it for cmd only, whose
 * own words the substitution already belongs to. A later standalone assignment of the same name ends
 * the flow ({@code T=$(…); T=x; echo $T}). Every substitution of an assigning command flows to every
 * variable it assigns ({@code A=$(x) B=$(y)}: the grammar keeps no word for a substitution), and a
 * reference inside single quotes counts: both can only find more flows (fail closed).
 * {@code ${#T}} (the length) uses no value.
 *
 * <p>The value also arrives through the builtins that read into a variable ({@code read T < <(…)},
 * {@code read -r T <<< "$(…)"}, {@code … | read T}, {@code mapfile -t A < <(…)},
 * {@code printf -v T %s "$(…)"}: their substitutions and the earlier stages of their pipeline are
 * the sources, for the first command of a piped loop too ({@code ls | while read f}), as are the
 * earlier commands that wrote the file it reads by {@code <} ({@code ls > l.txt; while read f; …; done < l.txt})
 * and the process substitution it reads ({@code while read p; …; done < <(ps -eo pid=)});
 * a pipeline's read runs in a subshell unless {@code lastpipe} is set, counted anyway),
 * travels on through copies ({@code U=$T}, {@code read U <<< "$T"}), and is used by the programs
 * that print variables without naming them in a word: {@code env} and {@code printenv} with no
 * command, {@code set}, {@code declare -p}, {@code export -p} (every carried variable, exported or
 * not: fail closed), {@code printenv T} (the named ones).
 *
 * <p>A {@code for}/{@code select} loop's variable takes the values of its list's words
 * ({@link SplitResult.LoopList}): {@code files=$(ls ~/.ssh/*); for f in $files; do cat "$f"; done}
 * carries the {@code ls} to the {@code cat} through {@code files} and then {@code f}, and
 * {@code for f in $(cat l.txt)} the list's substitution. A list file read back is the commands that
 * wrote it by redirection ({@link #relayed}): {@code ls ~/.ssh/* > l.txt} then {@code $(cat l.txt)},
 * {@code $(<l.txt)}, {@code cat l.txt | xargs cat} or {@code | while read f}; a reader whose own
 * words hold such a substitution ({@code cat $(cat l.txt)}) is a user reading it by
 * {@link #SUBSTITUTED}.
 */
public final class ValueFlow {

    /** The declaring builtins ({@link Cmd#DECLARERS}), by segment name. */
    private static final Set<String> DECLARERS = Words.setOf(Cmd.DECLARERS);

    /**
     * A kept assignment: bash's {@code NAME=value}, or PowerShell's {@code $NAME=value} (the grammar
     * writes {@code $c = irm URL} as {@code $c=$(irm URL)} with the command nested, as bash's
     * {@code c=$(curl URL)}); a bash assignment word never starts with {@code $}.
     */
    private static final Pattern ASSIGNMENT = Pattern.compile("\\$?([A-Za-z_][A-Za-z0-9_]*)\\+?=.*", Pattern.DOTALL);

    private final int source;
    private final int user;
    private final boolean printed;
    private final String variable;

    /**
     * The variable of a flow whose user reads the value by a command substitution in its own words
     * ({@code ls ~/.ssh/* > l.txt; cat $(cat l.txt)}): {@link #references} finds it in any word
     * holding {@code $(} or a backtick.
     */
    public static final String SUBSTITUTED = "$(";

    /** Segment {@code source}'s output, captured into a variable, reaches segment {@code user}. */
    public ValueFlow(int source, int user) {
        this(source, user, false, "");
    }

    /**
     * As {@link #ValueFlow(int, int)}; {@code printed}: the user prints the variable without a word
     * naming it ({@code env}); {@code variable}: the name the user reads it by ("" when unknown).
     */
    public ValueFlow(int source, int user, boolean printed, String variable) {
        this.source = source;
        this.user = user;
        this.printed = printed;
        this.variable = variable;
    }

    /** The variable's name as the user reads it ("" when unknown). */
    public String getVariable() {
        return variable;
    }

    /** True when {@code text} starts with a reference to the variable's value ({@code $c}, {@code ${a[@]}}). */
    public static boolean startsWithReference(String text, String variable) {
        return !variable.isEmpty() && !variable.equals(SUBSTITUTED) && reference(variable).matcher(text).lookingAt();
    }

    /** True when the user prints the variable itself ({@code env}, {@code printenv T}, {@code declare -p}). */
    public boolean isPrinted() {
        return printed;
    }

    /** A segment inside the substitution whose output the variable keeps. */
    public int getSource() {
        return source;
    }

    /** A later segment that expands the variable. */
    public int getUser() {
        return user;
    }

    /** The flows of a command line. Segments come parent first, in source order. */
    public static List<ValueFlow> of(List<Segment> segments) {
        return of(segments, List.of());
    }

    /** As {@link #of(List)}, with the loops whose list words the grammar recorded ({@link SplitResult#loopLists}). */
    public static List<ValueFlow> of(List<Segment> segments, List<SplitResult.LoopList> loops) {
        List<ValueFlow> out = new ArrayList<>();
        // the variables that carry a value from some segments, as the text reaches each segment
        java.util.Map<String, Set<Integer>> carried = new java.util.LinkedHashMap<>();
        // an outer loop before an inner one whose body starts with the same segment
        List<SplitResult.LoopList> byBody = new ArrayList<>(loops);
        byBody.sort(java.util.Comparator.comparingInt(SplitResult.LoopList::bodyFrom).thenComparingInt(SplitResult.LoopList::listFrom));
        for (Segment s : segments) {
            for (SplitResult.LoopList l : byBody) {
                if (l.bodyFrom() == s.id() && l.bodyTo() > l.bodyFrom()) {
                    // the loop variable takes the list's values: what its substitutions print (a
                    // list file read back: its writers) and what the variables it expands carry
                    Set<Integer> from = new HashSet<>();
                    for (Segment t : segments) {
                        if (t.id() >= l.listFrom() && t.id() < l.listTo()) {
                            from.add(t.id());
                        }
                    }
                    from.addAll(relayed(from, segments));
                    for (var e : carried.entrySet()) {
                        if (reference(e.getKey()).matcher(l.words()).find()) {
                            from.addAll(e.getValue());
                        }
                    }
                    keep(carried, l.variable(), from);
                }
            }
            for (int src : relayed(ownSubstitutions(s, segments), segments)) {
                // cat $(cat l.txt), cat $(<l.txt): the list file's writers, read by the substitution
                out.add(new ValueFlow(src, s.id(), false, SUBSTITUTED));
            }
            Set<String> printed = printedVariables(s, carried.keySet());
            for (var e : carried.entrySet()) {
                if (!e.getValue().contains(s.id()) && (printed.contains(e.getKey()) || expands(s, reference(e.getKey())))) {
                    for (int src : e.getValue()) {
                        out.add(new ValueFlow(src, s.id(), printed.contains(e.getKey()), e.getKey()));
                    }
                }
            }
            if (Set.of("xargs", "parallel").contains(Cmd.nameOf(s))) {
                // an xargs reading a list file an earlier command wrote (ls ~/.ssh/* > l; xargs cat < l)
                for (int src : listFileWriters(s, segments)) {
                    out.add(new ValueFlow(src, s.id(), false, ""));
                }
                // a list file printed into it (ls ~/.ssh/* > l; cat l | xargs cat)
                for (int src : relayed(earlierStages(s, segments), segments)) {
                    out.add(new ValueFlow(src, s.id(), false, ""));
                }
            }
            List<String> assigned = assignedNames(s);
            List<String> read = readNames(s);
            if (assigned.isEmpty() && read.isEmpty()) {
                continue;
            }
            // a substitution in the words, a copy of a carried variable; a reader's pipeline too
            Set<Integer> captured = substitutionSegments(s, segments, !read.isEmpty());
            captured.addAll(relayed(captured, segments)); // f=$(cat l.txt): the list file's writers
            Set<Integer> copied = new HashSet<>();
            for (var e : carried.entrySet()) {
                if (expands(s, reference(e.getKey()))) {
                    copied.addAll(e.getValue());
                }
            }
            for (Word w : keptAssignments(s)) {
                var m = ASSIGNMENT.matcher(w.text());
                if (m.matches()) {
                    Set<Integer> from = new HashSet<>(w.text().contains("$(") || w.text().contains("`") ? captured : Set.of());
                    if (powerShellAssignment(s)) {
                        from.addAll(computedBy(s, segments));
                    }
                    for (var e : carried.entrySet()) {
                        if (reference(e.getKey()).matcher(valueOf(w)).find()) {
                            from.addAll(e.getValue());
                        }
                    }
                    keep(carried, m.group(1), from); // assigned again: the old value ends here
                }
            }
            if (!read.isEmpty()) {
                Set<Integer> from = new HashSet<>(captured);
                from.addAll(copied);
                Set<Integer> stages = earlierStages(s, segments);
                from.addAll(stages);
                from.addAll(relayed(stages, segments)); // cat l.txt | while read f
                from.addAll(listFileWriters(s, segments));
                from.addAll(redirectSubstitutions(s, segments));
                for (String name : read) {
                    keep(carried, name, from);
                }
            }
        }
        out.addAll(functionArguments(segments));
        return out;
    }

    /** A positional parameter's reference in a function body: {@code $1}…{@code $9}, {@code ${1}}, {@code $@}, {@code $*}; group 2 the name. */
    private static final Pattern POSITIONAL = Pattern.compile("\\$(\\{)?([1-9@*])");

    /**
     * A call of a function defined in the same text ({@code f "$(curl …)"}): what its arguments'
     * substitutions print reaches the commands of the body the grammar walked under the call that
     * read a positional parameter ({@code f(){ eval "$1"; }}). Every substitution of the call flows
     * to every such command: which argument is which number is not traced (fail closed).
     */
    private static List<ValueFlow> functionArguments(List<Segment> segments) {
        List<ValueFlow> out = new ArrayList<>();
        for (Segment call : segments) {
            if (!call.opaqueReasons().contains(dev.shellwarden.grammar.OpaqueReason.USER_FUNCTION)) {
                continue;
            }
            Set<Integer> arguments = substitutionSegments(call, segments, true);
            if (arguments.isEmpty()) {
                continue;
            }
            Set<Integer> body = new HashSet<>();
            for (Segment s : segments) {
                if (s.id() > call.id() && (s.parent() == call.id() && s.provenance() == Provenance.FUNCTION_BODY || body.contains(s.parent()))) {
                    body.add(s.id());
                    java.util.regex.Matcher m = POSITIONAL.matcher(String.join(" ", s.argv().stream().map(Word::text).toList()));
                    if (m.find()) {
                        for (int src : arguments) {
                            out.add(new ValueFlow(src, s.id(), false, m.group(2)));
                        }
                    }
                }
            }
        }
        return out;
    }

    /** Records what a variable now carries; nothing ends the flow. */
    private static void keep(java.util.Map<String, Set<Integer>> carried, String name, Set<Integer> from) {
        carried.remove(name);
        if (!from.isEmpty()) {
            carried.put(name, from);
        }
    }

    /**
     * A reference to the variable's value ({@code $T}, {@code ${T}}, {@code ${T:-x}}), not its length;
     * PowerShell's scoped names too ({@code $script:c}, {@code $global:c}, {@code ${script:c}}), whose
     * assignment the grammar writes without the scope ({@code $script:c = irm URL} as {@code $c=$(irm URL)}).
     */
    private static Pattern reference(String name) {
        String n = SCOPE + Pattern.quote(name); // a positional parameter (@, *) is a regex character
        return Pattern.compile("\\$(" + n + "(?![A-Za-z0-9_])|\\{" + n + "(?=[}:%#/^,@\\[]))");
    }

    /** An optional PowerShell scope before a variable's name. */
    private static final String SCOPE = "(?:(?i:script|global|local|private):)?";

    /** The names a standalone assignment sets. */
    private static List<String> assignedNames(Segment s) {
        List<String> names = new ArrayList<>();
        for (Word w : keptAssignments(s)) {
            var m = ASSIGNMENT.matcher(w.text());
            if (m.matches()) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /** read's options that take a value (-a names the array it fills). */
    /** Set-Variable's and New-Variable's parameters that take a value other than the name. */
    private static final Set<String> PS_VARIABLE_VALUES = Set.of("-value", "-scope", "-option", "-visibility", "-description", "-include", "-exclude");
    private static final Set<String> READ_VALUES = Set.of("-d", "-i", "-n", "-N", "-p", "-t", "-u");

    /** mapfile's and readarray's options that take a value. */
    private static final Set<String> MAPFILE_VALUES = Set.of("-d", "-n", "-O", "-s", "-u", "-C", "-c");

    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /**
     * The variables a builtin reads its input into: {@code read [-a] NAME…} (REPLY with none),
     * {@code mapfile|readarray [ARRAY]} (MAPFILE), {@code printf -v NAME}.
     */
    private static List<String> readNames(Segment s) {
        String name = Cmd.nameOf(s);
        List<Word> argv = s.argv();
        List<String> out = new ArrayList<>();
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        // PowerShell's cmdlet names in any case (Set-Variable); bash's read is read only
        switch (Set.of("set-variable", "sv", "new-variable", "nv").contains(lower) ? lower : name) {
            case "read", "mapfile", "readarray" -> {
                Set<String> values = name.equals("read") ? READ_VALUES : MAPFILE_VALUES;
                for (int i = 1; i < argv.size(); i++) {
                    String t = argv.get(i).text();
                    if (values.contains(t)) {
                        i++;
                    } else if (t.equals("-a") && i + 1 < argv.size()) {
                        out.add(argv.get(++i).text());
                    } else if (!t.startsWith("-")) {
                        out.add(t);
                    }
                }
                if (out.isEmpty()) {
                    out.add(name.equals("read") ? "REPLY" : "MAPFILE");
                }
            }
            case "printf" -> {
                for (int i = 1; i + 1 < argv.size() && argv.get(i).text().startsWith("-"); i++) {
                    if (argv.get(i).text().equals("-v")) {
                        out.add(argv.get(i + 1).text());
                    }
                }
            }
            case "set-variable", "sv", "new-variable", "nv" -> {
                // PowerShell's `… | Set-Variable k`, `Set-Variable -Name k -Value (…)`: the value is
                // the pipeline's input or the -Value argument, as a read's (a scope prefix dropped)
                for (int i = 1; i < argv.size(); i++) {
                    String t = argv.get(i).text();
                    String l = t.toLowerCase(java.util.Locale.ROOT);
                    if (l.startsWith("-n") && l.length() > 2 && "-name".startsWith(l) && i + 1 < argv.size()) {
                        out.add(argv.get(++i).text());
                    } else if (l.startsWith("-") && i + 1 < argv.size() && PS_VARIABLE_VALUES.stream().anyMatch(v -> l.length() > 2 && v.startsWith(l))) {
                        i++;
                    } else if (!l.startsWith("-") && out.isEmpty()) {
                        out.add(t);
                    }
                }
                out.replaceAll(n -> n.replaceFirst("(?i)^(global|script|local|private):", ""));
            }
            case "set" -> {
                // set -- WORDS (or set WORDS): the words become the positional parameters, read
                // back by "$@", $*, $1…: set -- $(ls ~/.ssh/*); cat "$@"
                int i = 1;
                while (i < argv.size() && dev.shellwarden.grammar.Regex.matches(argv.get(i).text(), "[-+][A-Za-z]*") && !argv.get(i).text().equals("--")) {
                    i += dev.shellwarden.grammar.Regex.matches(argv.get(i).text(), "[-+]o") ? 2 : 1;
                }
                if (i < argv.size() && argv.get(i).text().equals("--")) {
                    i++;
                }
                if (i < argv.size()) {
                    return new ArrayList<>(List.of("@", "*", "1", "2", "3", "4", "5", "6", "7", "8", "9"));
                }
            }
            default -> {
            }
        }
        out.removeIf(n -> !NAME.matcher(n).matches());
        return out;
    }

    /** env's options that take a value. */
    private static final Set<String> ENV_VALUES = Set.of("-u", "--unset", "-C", "--chdir", "-S", "--split-string");

    /** Programs that print variables no word of theirs names. */
    private static final Set<String> VARIABLE_PRINTERS = Set.of("env", "printenv", "set", "declare", "typeset", "export");

    /**
     * The carried variables the segment prints without expanding them: all for {@code env} and
     * {@code printenv} with no operand, {@code set} alone, {@code declare|typeset|export -p} with no
     * name (and {@code declare} alone); the named ones for {@code printenv T} and {@code declare -p T}.
     * env with a command runs it instead ({@code env FOO=1 node x.js}).
     */
    private static Set<String> printedVariables(Segment s, Set<String> carried) {
        String name = Cmd.nameOf(s);
        if (carried.isEmpty() || !VARIABLE_PRINTERS.contains(name)) {
            return Set.of();
        }
        List<String> operands = new ArrayList<>();
        boolean print = false;
        List<Word> words = s.argv().subList(1, s.argv().size());
        for (int i = 0; i < words.size(); i++) {
            String t = words.get(i).text();
            if (t.startsWith("-")) {
                print |= t.matches("-[A-Za-z]*p[A-Za-z]*");
                // env's options with a value: `env -u NAME` still prints the rest
                i += name.equals("env") && ENV_VALUES.contains(t) ? 1 : 0;
            } else if (!(name.equals("env") && t.contains("="))) {
                operands.add(t);
            }
        }
        boolean all = switch (name) {
            case "env", "printenv", "set" -> operands.isEmpty() && (!name.equals("set") || s.argv().size() == 1);
            case "declare", "typeset" -> operands.isEmpty() && (print || s.argv().size() == 1);
            default -> operands.isEmpty() && print;
        };
        if (all) {
            return carried;
        }
        if (name.equals("printenv") || print && !name.equals("export")) {
            Set<String> named = new HashSet<>(operands);
            named.retainAll(carried);
            return named;
        }
        return Set.of();
    }

    /** True for the builtins that read their input into variables ({@code … | read T}: the pipe's output is kept, not printed). */
    static boolean readsIntoVariable(Segment s) {
        return !readNames(s).isEmpty();
    }

    /** The earlier stages of the segment's pipeline, with what they start: their output is its input. */
    private static Set<Integer> earlierStages(Segment s, List<Segment> segments) {
        Segment piped = pipedInto(s, segments);
        return earlierWithWhatTheyStart(s, segments, t -> t.parent() == s.parent() && t.provenance() == s.provenance()
                && t.position().item() == s.position().item() && t.position().stage() < s.position().stage()
                // a loop's body: the stages piped into the loop (`timeout 5 find ~/.ssh | while read f`: the find)
                || piped != null && t.parent() == piped.parent() && t.position().list() == piped.position().list()
                        && t.position().item() == piped.position().item() && t.position().stage() <= piped.position().stage());
    }

    /**
     * The segments before {@code s} that {@code picked} accepts, with every segment they start:
     * segments come parent first, so a child is reached after its parent is in the set.
     */
    private static Set<Integer> earlierWithWhatTheyStart(Segment s, List<Segment> segments, Predicate<Segment> picked) {
        Set<Integer> ids = new HashSet<>();
        for (Segment t : segments) {
            if (t.id() >= s.id()) {
                break;
            }
            if (ids.contains(t.parent()) || picked.test(t)) {
                ids.add(t.id());
            }
        }
        return ids;
    }

    /**
     * The substitutions of a loop's input redirection the grammar walked before the loop ({@code while read
     * f; do cat "$f"; done <<< "$(ls ~/.ssh/*)"}, {@code while read p; do kill "$p"; done < <(ps -eo pid=)}:
     * the loop's commands carry the redirection, the substitution is no child of theirs), with what
     * they start: an earlier command, backtick or process substitution whose text the redirection's
     * target holds (a process substitution's lines are what the loop reads).
     */
    private static Set<Integer> redirectSubstitutions(Segment s, List<Segment> segments) {
        List<String> targets = new ArrayList<>();
        for (var r : s.redirects()) {
            String t = r.target().text();
            if (r.op().startsWith("<") && (t.contains("$(") || t.contains("`") || t.contains("<("))) {
                targets.add(t);
            }
        }
        if (targets.isEmpty()) {
            return new HashSet<>();
        }
        return earlierWithWhatTheyStart(s, segments, t -> {
            Provenance p = t.provenance();
            // the words as written too: the target keeps their quotes (`< <(pgrep -u "$USER")`)
            String text = String.join(" ", t.argv().stream().map(Word::text).toList());
            String raw = String.join(" ", t.argv().stream().map(Word::raw).toList());
            return (p == Provenance.COMMAND_SUBSTITUTION || p == Provenance.BACKTICK || p == Provenance.PROCESS_SUBSTITUTION)
                    && !text.isEmpty()
                    && targets.stream().anyMatch(x -> x.contains(text) || x.contains(raw));
        });
    }

    /**
     * The earlier commands whose output went by redirection into the file a reader takes its input
     * from, with what they start: {@code ls ~/.ssh/* > l.txt; while read f; do cat "$f"; done < l.txt}
     * (the loop's commands carry its input). The same word only: a file named two ways is not followed.
     */
    private static Set<Integer> listFileWriters(Segment s, List<Segment> segments) {
        Set<String> inputs = new HashSet<>();
        for (var r : s.redirects()) {
            if (r.op().equals("<") && !r.target().text().isEmpty()) {
                inputs.add(r.target().text());
            }
        }
        if (Set.of("xargs", "parallel").contains(Cmd.nameOf(s))) {
            // xargs -a FILE / --arg-file[=]FILE, parallel -a FILE read their names from the file
            List<Word> argv = s.argv();
            for (int i = 1; i < argv.size(); i++) {
                String t = argv.get(i).text();
                if ((t.equals("-a") || t.equals("--arg-file")) && i + 1 < argv.size()) {
                    inputs.add(argv.get(i + 1).text());
                } else if (t.startsWith("--arg-file=")) {
                    inputs.add(t.substring("--arg-file=".length()));
                } else if (t.startsWith("-a") && t.length() > 2) {
                    inputs.add(t.substring(2));
                }
            }
        }
        if (inputs.isEmpty()) {
            return new HashSet<>();
        }
        return earlierWithWhatTheyStart(s, segments,
                t -> t.redirects().stream().anyMatch(r -> r.writes() && inputs.contains(r.target().text())));
    }

    /**
     * The simple command piped into the compound command whose body's first command {@code s} is
     * ({@code ls ~/.ssh/id_* | while read f; do …}: for {@code read f}, the {@code ls}), or null. The
     * body has a list of its own: the segment before it under the same parent is in another list,
     * stands before its pipeline's last stage, and no simple command of that list holds the next stage.
     */
    private static Segment pipedInto(Segment s, List<Segment> segments) {
        Segment before = null;
        for (Segment t : segments) {
            if (t.id() >= s.id()) {
                break;
            }
            if (t.parent() == s.parent()) {
                before = t;
            }
        }
        if (before == null || before.position().list() == 0 || before.position().list() == s.position().list()
                || before.position().stage() >= before.position().stages() - 1) {
            return null;
        }
        Position b = before.position();
        for (Segment t : segments) {
            Position p = t.position();
            if (t.parent() == before.parent() && p.list() == b.list() && p.item() == b.item() && p.stage() == b.stage() + 1) {
                return null; // the next stage is a simple command
            }
        }
        return before;
    }

    /**
     * True when {@code text} holds a reference to the variable's value anywhere ({@code "$f"},
     * {@code x=${a[@]}}); for {@link #SUBSTITUTED}, a command substitution.
     */
    public static boolean references(String text, String variable) {
        if (variable.equals(SUBSTITUTED)) {
            return text.contains("$(") || text.contains("`");
        }
        return !variable.isEmpty() && reference(variable).matcher(text).find();
    }

    /** Programs that print a file they are given as their output ({@code cat l.txt}, {@code $(<l.txt)}: no name). */
    private static final Set<String> FILE_PRINTERS = Set.of("", "cat", "tac");

    /**
     * The earlier commands that wrote, by redirection, a list file one of {@code ids} prints
     * ({@code cat l.txt}, {@code cat < l.txt}, bash's {@code $(<l.txt)}), with what they start:
     * {@code ls ~/.ssh/* > l.txt; cat $(cat l.txt)}. The same word only, as {@link #listFileWriters}.
     */
    private static Set<Integer> relayed(Set<Integer> ids, List<Segment> segments) {
        Set<Integer> out = new HashSet<>();
        for (Segment t : segments) {
            if (!ids.contains(t.id()) || !FILE_PRINTERS.contains(Cmd.nameOf(t))) {
                continue;
            }
            Set<String> files = new HashSet<>();
            for (var r : t.redirects()) {
                if (r.op().equals("<") && !r.target().text().isEmpty()) {
                    files.add(r.target().text());
                }
            }
            List<Word> argv = t.argv();
            for (int i = 1; i < argv.size(); i++) {
                if (!argv.get(i).text().startsWith("-")) {
                    files.add(argv.get(i).text());
                }
            }
            if (!files.isEmpty()) {
                out.addAll(earlierWithWhatTheyStart(t, segments,
                        w -> w.redirects().stream().anyMatch(r -> r.writes() && files.contains(r.target().text()))));
            }
        }
        return out;
    }

    /**
     * The command substitutions in the segment's own words, nested ones included: those of the
     * segment and of the wrappers it was unwrapped from ({@code sudo cat $(cat l.txt)}: the
     * substitution belongs to the outermost wrapper's segment).
     */
    private static Set<Integer> ownSubstitutions(Segment s, List<Segment> segments) {
        Set<Integer> holders = new HashSet<>();
        holders.add(s.id());
        for (Segment at = s; at.provenance() == Provenance.WRAPPED && at.parent() >= 0 && at.parent() < segments.size(); ) {
            at = segments.get(at.parent());
            holders.add(at.id());
        }
        Set<Integer> ids = new HashSet<>();
        for (Segment t : segments) {
            Provenance p = t.provenance();
            if (ids.contains(t.parent())
                    || holders.contains(t.parent()) && (p == Provenance.COMMAND_SUBSTITUTION || p == Provenance.BACKTICK)) {
                ids.add(t.id());
            }
        }
        return ids;
    }

    /**
     * True for a PowerShell assignment: the segment computes the value itself, with what the grammar
     * read of its calls nested under it ({@code $c = (New-Object Net.WebClient).DownloadString(U)}
     * keeps the expression as the segment's words, {@code $d = [Convert]::FromBase64String($b)} as
     * the assignment word). A bash assignment word never starts with {@code $}, and bash's
     * {@code NAME=v cmd} sets the value for cmd only.
     */
    private static boolean powerShellAssignment(Segment s) {
        return !s.assignments().isEmpty() && s.assignments().get(0).text().startsWith("$");
    }

    /**
     * What an assignment word puts in its variable: the text after the name for PowerShell's
     * {@code $v=…}, whose target is written as a reference ({@code $v = 'x'} uses no value of
     * {@code $v}); bash's {@code NAME=…} whole, whose name has no {@code $}.
     */
    private static String valueOf(Word w) {
        String t = w.text();
        if (t.startsWith("$")) {
            var m = ASSIGNMENT.matcher(t);
            if (m.matches()) {
                return t.substring(t.indexOf('=') + 1);
            }
        }
        return t;
    }

    /** The segment and every segment nested under it (segments come parent first). */
    private static Set<Integer> computedBy(Segment holder, List<Segment> segments) {
        Set<Integer> ids = new HashSet<>();
        ids.add(holder.id());
        for (Segment s : segments) {
            if (s.id() > holder.id() && ids.contains(s.parent())) {
                ids.add(s.id());
            }
        }
        return ids;
    }

    /**
     * The assignment words that outlive the segment: a bare assignment's, a PowerShell expression's
     * ({@link #powerShellAssignment}), or a declaring builtin's operands.
     */
    private static List<Word> keptAssignments(Segment s) {
        if (s.argv().isEmpty() || powerShellAssignment(s)) {
            return s.assignments();
        }
        return DECLARERS.contains(Cmd.nameOf(s)) ? s.argv().subList(1, s.argv().size()) : List.of();
    }

    /**
     * The segments inside the holder's command substitutions, nested ones included, and for a
     * reader ({@code read T < <(…)}) its process substitutions.
     */
    private static Set<Integer> substitutionSegments(Segment holder, List<Segment> segments, boolean processToo) {
        Set<Integer> ids = new HashSet<>();
        for (Segment s : segments) {
            if (s.id() <= holder.id()) {
                continue;
            }
            Provenance p = s.provenance();
            if (s.parent() == holder.id() && (p == Provenance.COMMAND_SUBSTITUTION || p == Provenance.BACKTICK
                    || processToo && p == Provenance.PROCESS_SUBSTITUTION) || ids.contains(s.parent())) {
                ids.add(s.id());
            }
        }
        return ids;
    }

    /** True when the segment's words, assignments, redirections or here-documents expand the variable. */
    private static boolean expands(Segment s, Pattern ref) {
        for (Word w : s.argv()) {
            if (ref.matcher(w.text()).find()) {
                return true;
            }
        }
        for (Word w : s.assignments()) {
            if (ref.matcher(valueOf(w)).find()) {
                return true;
            }
        }
        for (var r : s.redirects()) {
            if (ref.matcher(r.target().text()).find()) {
                return true;
            }
        }
        for (var h : s.heredocs()) {
            if (!h.quoted() && ref.matcher(h.body()).find()) {
                return true;
            }
        }
        return false;
    }
}
