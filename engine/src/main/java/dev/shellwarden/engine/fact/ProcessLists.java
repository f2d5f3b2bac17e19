package dev.shellwarden.engine.fact;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Which commands print the numbers of every process (of the machine or of a user), and which
 * pipeline stages pick some of a listing's lines: read together by SW2009 when {@code kill} takes
 * its pids from such a listing ({@code pgrep . | xargs kill -9}, {@code kill $(ps -eo pid=)},
 * {@code for p in $(pgrep -u $USER); do kill -9 $p; done}).
 *
 * <p>WHY: {@code kill -9 -1} and {@code pkill -f .} are denied because they signal every process
 * the user may signal, the agent and the desktop included; a listing of every process fed to
 * {@code kill} does the same. The everyday forms name what they stop ({@code pgrep -f vite},
 * {@code lsof -t -i :3000}, {@code ps aux | grep node | awk '{print $2}'}) and are not this.
 *
 * <p>INVARIANT (fail closed): a stage between the listing and {@code kill} narrows it only when it
 * surely picks lines by a pattern ({@link #selectsLines}); any other stage ({@code awk '{print $2}'},
 * {@code grep -v grep}, {@code cut}, {@code sort}) is taken to pass every line on.
 */
final class ProcessLists {

    private ProcessLists() {
    }

    /** pgrep's options that take a value (the pattern is the positional left). */
    private static final String PGREP_VALUES = "-u -U -g -G -P -s -t -d -F --signal --euid --uid --pgroup --group --parent --session"
            + " --terminal --delimiter --pidfile --ns --nslist";

    /** pgrep's options that select processes by their owner: with no pattern, every process of that owner. */
    private static final String PGREP_OWNER = "-u -U -g -G --euid --uid --group --pgroup";

    /** pgrep's options that pick processes by something other than the owner: a parent, session, terminal, pid file. */
    private static final String PGREP_NARROW = "-P -s -t -F --parent --session --terminal --pidfile -n -o --newest --oldest";

    /** A pattern that matches every process name or command line. */
    private static final Pattern MATCH_ALL = Pattern.compile("|\\.\\*?|\\^|\\$|\\^\\.\\*\\$?|\\.\\+|\\^\\.|\\.\\*\\$");

    /** ps's options that pick processes by pid, name, parent, session or terminal. */
    private static final String PS_NARROW = "-p -q -C -s -t --pid --ppid --quick-pid --sid --tty -N --deselect";

    /** lsof's flags that only shape its output; anything else (-i, -p, -c, a file) picks what it lists. */
    private static final Pattern LSOF_PLAIN = Pattern.compile("-[tnPlwVbR]+");

    /**
     * True when the command prints the pid of every process, or of every process of a user: pgrep
     * with a match-all pattern or with only an owner ({@code pgrep .}, {@code pgrep -u $USER}); ps
     * without a selection by pid, name, parent, session or terminal ({@code ps -eo pid=},
     * {@code ps aux}, {@code ps -u dev -o pid=}); lsof with only output flags ({@code lsof -t}).
     */
    static boolean listsEveryProcess(Cmd c) {
        if (c.named("pgrep")) {
            if (c.anyFlag(PGREP_NARROW)) {
                return false;
            }
            List<String> pattern = c.positionals(PGREP_VALUES);
            return pattern.isEmpty() ? c.anyFlag(PGREP_OWNER) : pattern.size() == 1 && MATCH_ALL.matcher(pattern.get(0)).matches();
        }
        if (c.named("ps")) {
            if (c.anyFlag(PS_NARROW)) {
                return false;
            }
            // a BSD-style pid operand (`ps 1234`, `ps -o pid= 1234`) picks that process
            for (String o : c.positionals("-o -O --format -u -U -g -G --user --group --sort -k")) {
                if (o.matches("\\d+(,\\d+)*")) {
                    return false;
                }
            }
            return true;
        }
        if (c.named("lsof")) {
            for (String a : c.getArgs()) {
                if (!LSOF_PLAIN.matcher(a).matches()) {
                    return false;
                }
            }
            return c.anyFlag("-t");
        }
        return false;
    }

    /**
     * True when a word after the command name is the variable of a {@code for} loop over an
     * unquoted command substitution ({@code for p in $(pgrep -u $USER); do kill -9 $p; done}): the
     * values are that substitution's output, which SW2009 reads with {@link #listsEveryProcess}.
     */
    static boolean argsFromSplitLoop(Cmd c) {
        for (int i = 1; i < c.argvWords.size(); i++) {
            if (SplitNames.splitLoopValue(c, c.argvWords.get(i).raw())) {
                return true;
            }
        }
        return false;
    }

    /** An awk program's header skip ({@code NR>1}, {@code NR != 1}), which picks no process. */
    private static final Pattern AWK_HEADER_SKIP = Pattern.compile("\\bNR\\s*(>|>=|!=|<|<=|==)\\s*\\d+");

    /** Signs that an awk program compares or matches: a regular expression, a match, a comparison, a condition. */
    private static final Pattern AWK_SELECTS = Pattern.compile("[~/<>]|==|!=|\\bindex\\s*\\(|\\bmatch\\s*\\(|\\bif\\b|\\bexit\\b");

    /**
     * True when a pipeline stage surely picks some lines by a pattern: grep, egrep, fgrep, rg or ag
     * without an inverted match ({@code grep node}); head (the first lines only); awk whose program
     * matches or compares beyond a header skip ({@code awk '/node/ {print $2}'}); sed -n. Other
     * stages are taken to pass every line (see the class comment).
     */
    static boolean selectsLines(Cmd c) {
        if (c.named("grep egrep fgrep rg ag")) {
            return !c.anyFlag("-v --invert-match") && !c.getOperands().isEmpty();
        }
        if (c.named("head")) {
            return true;
        }
        if (c.named("sed")) {
            return c.anyFlag("-n --quiet --silent");
        }
        if (c.named("awk gawk mawk nawk")) {
            List<String> program = c.positionals("-F -v -f --field-separator --assign --file");
            return !program.isEmpty() && AWK_SELECTS.matcher(AWK_HEADER_SKIP.matcher(program.get(0)).replaceAll("")).find();
        }
        return false;
    }
}
