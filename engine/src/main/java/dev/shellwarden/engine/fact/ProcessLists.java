package dev.shellwarden.engine.fact;

import dev.shellwarden.grammar.Regex;

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
            // an inverted match lists every process but the ones named (`pgrep -v xyz`)
            if (c.anyFlag("-v --inverse")) {
                return true;
            }
            if (c.anyFlag(PGREP_NARROW)) {
                return false;
            }
            return hasNoPattern(c) ? c.anyFlag(PGREP_OWNER) : patternMatchesAll(c);
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
        // the process tree with its pids (`pstree -p`), unless rooted at one process other than init
        if (c.named("pstree")) {
            return c.anyFlag("-p --show-pids") && c.positionals("").stream().noneMatch(o -> o.matches("\\d+") && !o.equals("1"));
        }
        // top in batch mode prints every process unless -p picks some (`top -bn1`)
        if (c.named("top")) {
            return c.anyFlag("-b --batch") && !c.anyFlag("-p --pid");
        }
        // the pid folders of /proc (`ls /proc | grep -E '^[0-9]+$'`)
        if (c.named("ls dir")) {
            return c.getOperands().stream().anyMatch(o -> o.matches("/proc/?"));
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
     * True when pgrep's or pkill's (one program, one option grammar, {@link #PGREP_VALUES}) only
     * pattern matches every process ({@link #MATCH_ALL}): {@code pgrep .}, {@code pkill -9 -f '.*'}.
     */
    static boolean patternMatchesAll(Cmd c) {
        List<String> pattern = c.positionals(PGREP_VALUES);
        return pattern.size() == 1 && MATCH_ALL.matcher(pattern.get(0)).matches();
    }

    /** True when pgrep or pkill is given no pattern: it selects by its options alone ({@code pkill -u root}). */
    static boolean hasNoPattern(Cmd c) {
        return c.positionals(PGREP_VALUES).isEmpty();
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

    /**
     * taskkill's /FI filters that every process, or every process of a user, passes: an owner,
     * session, status, memory or CPU-time condition, a pid range ({@code PID gt 0}), every image
     * but one ({@code IMAGENAME ne x}) or a wildcard value ({@code WINDOWTITLE eq *}).
     */
    private static final Pattern TASKKILL_BROAD_FILTER = Pattern.compile(
            "(?i)\\s*(?:(?:username|session|status|memusage|cputime)\\s+(?:eq|ne|gt|lt|ge|le)\\b.*"
            + "|pid\\s+(?:ne|gt|lt|ge|le)\\b.*|imagename\\s+ne\\b.*|\\w+\\s+eq\\s+\\*\\s*)");

    /**
     * True when taskkill stops every process: {@code /IM *} (or {@code *.exe}), or filters only
     * ({@code /FI}, no {@code /IM} or {@code /PID}) that every process of the user passes
     * ({@link #TASKKILL_BROAD_FILTER}): {@code taskkill /F /FI "PID gt 0"}. One narrowing filter
     * ({@code IMAGENAME eq node.exe}) picks processes: filters are joined by AND.
     */
    static boolean taskkillsEveryProcess(Cmd c) {
        if (!c.nameIs("taskkill")) {
            return false;
        }
        List<String> args = c.getArgs();
        List<String> filters = new java.util.ArrayList<>();
        boolean named = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i).toLowerCase(java.util.Locale.ROOT);
            String next = i + 1 < args.size() ? args.get(i + 1) : "";
            if (a.equals("/im") || a.equals("-im")) {
                if (next.matches("\\*(\\.[Ee][Xx][Ee])?")) {
                    return true;
                }
                named = true;
            } else if (a.equals("/pid") || a.equals("-pid")) {
                named = true;
            } else if (a.equals("/fi") || a.equals("-fi")) {
                filters.add(next);
            }
        }
        return !named && !filters.isEmpty() && filters.stream().allMatch(f -> TASKKILL_BROAD_FILTER.matcher(f).matches());
    }

    /** kill's arguments that only list signal names or test a pid ({@code kill -l}, {@code kill -0 PID}): no signal is sent. */
    private static final List<String> KILL_QUERIES = List.of("-0", "-l", "-L", "--list", "--table");

    /**
     * True when the command signals its own process group or session, the agent's shell and the
     * agent itself among them: kill of pid {@code 0} (or {@code -0}, minus zero) with a signal other
     * than 0 ({@code kill 0}, {@code kill -9 0}, {@code kill -s KILL 0}, {@code kill -- -0}), or
     * pkill given process group or session 0, which it translates to its own, and no pattern that
     * picks among them ({@code pkill -g 0}, {@code pkill -9 -s 0}; {@code pkill -s 0 node} stops node).
     *
     * <p>kill's words are read as bash's builtin reads them (procps' kill agrees): {@code -l},
     * {@code -L} and the listing options send nothing; {@code -s SIG} and {@code -n NUM} give the
     * signal; the first {@code -SIG} is the signal and a later dash word is a pid ({@code kill -9 -0}
     * is pid 0), as is every word after {@code --} or the first non-option. Signal 0 only tests the
     * pids ({@code kill -0 0}).
     */
    static boolean signalsOwnGroup(Cmd c) {
        if (c.named("pkill")) {
            // a pattern (or one matching every process) picks among them: `pkill -s 0 node` stops the session's node
            return (hasNoPattern(c) || patternMatchesAll(c))
                    && (c.valuesOf("-g --pgroup -s --session").stream().anyMatch(v -> List.of(v.split(",")).stream().anyMatch(ProcessLists::ownGroupId))
                    || c.valuesOf("-P --parent").stream().anyMatch(v -> List.of(v.split(",")).stream().anyMatch(p -> Regex.matches(p, AGENT_PID))));
        }
        if (c.named("xargs")) {
            return xargsKillSignalsOwnGroup(c);
        }
        return c.named("kill") && killSignalsOwnGroup(c.getArgs());
    }

    /**
     * {@code xargs kill -9 <<< 0}: xargs appends the words of its heredoc or here-string to the
     * command it runs, so a kill it runs is read with those words after its own. (A literal printer
     * piped in, {@code echo 0 | xargs kill -9}, is resolved by the splitter into the kill itself.)
     * Fail closed: xargs options that change how the input becomes arguments ({@code -I {}},
     * {@code -n 1}) are not read, so a pid of the own group anywhere in the text counts.
     */
    private static boolean xargsKillSignalsOwnGroup(Cmd c) {
        if (!c.isHasStdinText()) {
            return false;
        }
        List<String> args = c.getArgs();
        for (int k = 0; k < args.size(); k++) {
            String a = args.get(k);
            if (a.equals("kill") || a.endsWith("/kill")) {
                List<String> words = new java.util.ArrayList<>(args.subList(k + 1, args.size()));
                List<String> input = List.of(c.getStdin().trim().split("\\s+"));
                words.addAll(input);
                // `<<< -1` is every process (SW2009's `kill -9 -1`), which no kill segment shows here: asked at least
                return killSignalsOwnGroup(words) || input.stream().anyMatch(w -> Regex.matches(w, "-0*1"));
            }
        }
        return false;
    }

    /** kill's words ({@code args}, after the name) signal the own process group or the agent: see {@link #signalsOwnGroup}. */
    private static boolean killSignalsOwnGroup(List<String> args) {
        KillWords k = KillWords.of(args);
        return k != null && k.pids().stream().anyMatch(ProcessLists::ownGroupOrAgent);
    }

    /**
     * kill's words read as bash's builtin reads them (see {@link #signalsOwnGroup}): whether a
     * signal was given and the pid words; {@link #of} is null when kill sends nothing (a listing,
     * a query, signal 0).
     */
    private record KillWords(boolean sawSignal, List<String> pids) {
        static KillWords of(List<String> args) {
            String signal = "TERM";
            boolean sawSignal = false;
            int i = 0;
            while (i < args.size()) {
                String a = args.get(i);
                if (KILL_QUERIES.contains(a) && !a.equals("-0") || a.startsWith("--list=")) {
                    return null;
                }
                if (a.equals("-s") || a.equals("-n")) {
                    signal = i + 1 < args.size() ? args.get(i + 1) : "";
                    sawSignal = true;
                    i += 2;
                } else if (a.equals("--")) {
                    i++;
                    break;
                } else if (a.startsWith("-") && a.length() > 1 && !sawSignal) {
                    signal = a.substring(1);
                    sawSignal = true;
                    i++;
                } else {
                    break;
                }
            }
            return Regex.matches(signal, "0+") ? null : new KillWords(sawSignal, args.subList(Math.min(i, args.size()), args.size()));
        }
    }

    /**
     * True when kill's pid words spell -1 (every process) or, with a signal given, 1 (init) with a
     * sign or leading zeros ({@code kill -9 01}, {@code kill -- -01}, {@code kill -9 +1}): bash's
     * builtin reads them as the plain numbers, which SW2009 denies by their plain spelling. WHY
     * (rt34b): the plain spelling alone let the padded ones through.
     */
    static boolean killsEveryProcessOrInitPadded(Cmd c) {
        KillWords k = c.named("kill") ? KillWords.of(c.getArgs()) : null;
        return k != null && k.pids().stream().anyMatch(p -> Regex.matches(p, "-0+1") || k.sawSignal() && Regex.matches(p, "\\+0*1|0+1"));
    }

    /**
     * A kill operand that names the own process group or the agent: pid 0 as bash's builtin reads a
     * number ({@code 0}, {@code -0}, {@code 00}, {@code +0}: a sign and leading zeros change nothing)
     * and the parent, {@code $PPID}, the agent or the shell it started the command in (or its
     * group, {@code -$PPID}), and the group of this shell, {@code -$$} (a negative pid names a
     * process group; the shell's own, {@code $$} alone, only ends this command), and those ids
     * looked up by ps ({@link #PS_PARENT}, {@link #PS_GROUP}); {@code $BASHPID} is {@code $$} outside
     * a subshell (rt34b), and the agent's children listed by pgrep ({@link #PGREP_AGENT_CHILDREN}).
     */
    private static boolean ownGroupOrAgent(String pid) {
        return Regex.matches(pid, "[+-]?0+") || Regex.matches(pid, "-?\\$\\{?PPID\\}?") || Regex.matches(pid, "-\\$(\\$|\\{\\$\\}|\\{?BASHPID\\}?)")
                || Regex.matches(pid, PS_PARENT) || Regex.matches(pid, "-" + PS_GROUP) || Regex.matches(pid, PGREP_AGENT_CHILDREN)
                || Regex.matches(pid, OWN_PROC_STATUS);
    }

    /**
     * A pid read in a substitution from the status files of this shell, the agent or the reading
     * process itself ({@code $(awk '/PPid/{print $2}' /proc/$$/status)},
     * {@code -$(cut -d' ' -f5 /proc/$$/stat)}, {@code /proc/self/stat}): their fields are the
     * parent's pid, the process group and the session, the ids {@link #PS_PARENT} and
     * {@link #PS_GROUP} look up with ps (rt34b). Fail closed: any field of them counts, negated or not.
     */
    private static final String OWN_PROC_STATUS = "-?\"?(\\$\\(|`).*/proc/(\\$\\$|\\$\\{\\$\\}|\\$\\{?BASHPID\\}?|\\$\\{?PPID\\}?|self|thread-self)"
            + "/(stat|status)\\b.*(\\)|`)\"?";

    /**
     * The agent's pid as pkill's or pgrep's {@code -P} value: its children, this shell and the
     * agent's other tools (rt34b: {@code pkill -9 -P $PPID}).
     */
    private static final String AGENT_PID = "\\$\\{?PPID\\}?";

    /**
     * pgrep listing the agent's children with options only ({@code $(pgrep -P $PPID)}): a word
     * (a pattern) after them picks among the children and is no match.
     */
    private static final String PGREP_AGENT_CHILDREN = "\"?(\\$\\(|`)\\s*pgrep((\\s+-[A-Za-z]+)*\\s+(-P|--parent)[\\s=]*" + AGENT_PID
            + ")(\\s+-[A-Za-z]+)*\\s*(\\)|`)\"?";

    /**
     * A ps lookup in a substitution ({@code $(ps -o COLUMN= -p $$)}, backquotes, the column glued
     * to {@code -o}) printing one of {@code columns} (an alternation), optionally quoted.
     */
    private static String psLookupOf(String columns) {
        // a nested substitution among ps's words (`-p $(echo $$)`, rt34b) is one of them
        String word = "(?:[^()`]|\\$\\([^()`]*\\))*";
        return "\"?(\\$\\(|`)\\s*ps\\s" + word + "(\\b|(?<=-o))(" + columns + ")\\b" + word + "(\\)|`)\"?";
    }

    /**
     * A pid computed by ps printing a parent's id ({@code $(ps -o ppid= -p $$)}, {@code `ps -o ppid= $$`}):
     * the parent of this shell is the agent or the shell it runs commands in, as {@code $PPID} is
     * (rt33b). Fail closed: any ps whose words ask for the {@code ppid} column counts, whatever
     * pid it is given (the agent's parent is no process to kill either).
     */
    private static final String PS_PARENT = "-?" + psLookupOf("ppid");

    /**
     * A ps lookup of a process group or session id ({@code $(ps -o pgid= $$)}): negated, it names a
     * whole group, this shell's and the agent's (see {@link #PS_PARENT}); the column glued to
     * {@code -o} ({@code ps -opgid=}) and by its long name ({@code session}) too (rt34b).
     */
    private static final String PS_GROUP = psLookupOf("pgid|pgrp|sid|sess|session|tpgid");

    /**
     * A process group or session id pkill is given that names the own one: {@code 0} (pkill's
     * own), and the id of this shell or of the agent ({@code pkill -g $$} is {@code kill -- -$$},
     * {@code pkill -s $PPID} the agent's session), as {@link #ownGroupOrAgent} reads kill's.
     */
    private static boolean ownGroupId(String id) {
        return Regex.matches(id, "0+") || ownGroupOrAgent("-" + id);
    }

    /**
     * True when kill only lists signals or tests pids: an argument is exactly one of
     * {@link #KILL_QUERIES} or {@code --list=N}. A signal name such as {@code -KILL} is no query
     * (read as grouped letters it would hold {@code -L}).
     */
    static boolean killOnlyQueries(Cmd c) {
        return c.getArgs().stream().anyMatch(a -> KILL_QUERIES.contains(a) || a.startsWith("--list="));
    }

    /** An awk program's header skip ({@code NR>1}, {@code NR != 1}), which picks no process. */
    private static final Pattern AWK_HEADER_SKIP = Pattern.compile("\\bNR\\s*(>|>=|!=|<|<=|==)\\s*\\d+");

    /** Signs that an awk program compares or matches: a regular expression, a match, a comparison, a condition. */
    private static final Pattern AWK_SELECTS = Pattern.compile("[~/<>]|==|!=|\\bindex\\s*\\(|\\bmatch\\s*\\(|\\bif\\b|\\bexit\\b");

    /** grep's options that take a value (the pattern is the first positional unless -e gives it). */
    private static final String GREP_VALUES = "-e -f -m -A -B -C -d -D --regexp --file --max-count --after-context"
            + " --before-context --context --label --devices --directories --include --exclude --exclude-dir --color --colour";

    /**
     * The parts of a regular expression that name no particular text: bracket expressions
     * ({@code [0-9]}, {@code [[:digit:]]}), class escapes ({@code \d}, {@code \w}), quantifiers and
     * bounds, anchors, dots, groups and alternation. A pattern left empty once they are removed
     * matches every pid ({@code .}, {@code ''}, {@code ^[0-9]+$}).
     */
    private static final Pattern REGEX_GENERIC = Pattern.compile(
            "\\[\\[:\\w+:\\]\\]|\\[\\^?\\]?[^\\]]*\\]|\\\\?\\{\\d*,?\\d*\\\\?\\}|\\\\[dDwWsSbB+?|(){}<>]|[.^$*+?|()\\s]");

    /** head's count: {@code -n N}, {@code -nN}, {@code --lines=N}, {@code -c N} or the old {@code -N}. */
    private static final Pattern HEAD_OLD_COUNT = Pattern.compile("-(\\d+)");

    /** At most this many first lines is a pick; more (or all but the last N, {@code -n -0}) passes a machine's listing on. */
    private static final int HEAD_MAX_PICK = 100;

    /** sed -n scripts that print every line: {@code p}, {@code 1,$p}, {@code /./p}, {@code 0~1p}. */
    private static final Pattern SED_PRINT_ALL = Pattern.compile("\\s*(1\\s*,\\s*\\$|/[.^$*]*/|[01]\\s*~\\s*1)?\\s*p\\s*;?\\s*");

    /**
     * True when a pipeline stage surely picks some lines by a pattern: grep, egrep, fgrep, rg or ag
     * without an inverted match and with a pattern naming some text ({@code grep node}, not
     * {@code grep .} or {@code grep -E '^[0-9]+$'}); head of at most {@value #HEAD_MAX_PICK} lines;
     * awk whose program matches or compares beyond a header skip ({@code awk '/node/ {print $2}'});
     * sed -n with a script other than a print of every line. Other stages are taken to pass every
     * line (see the class comment).
     */
    static boolean selectsLines(Cmd c) {
        if (c.named("grep egrep fgrep rg ag")) {
            if (c.anyFlag("-v --invert-match")) {
                return false;
            }
            if (c.anyFlag("-f --file")) {
                return true;
            }
            List<String> patterns = c.valuesOf("-e --regexp");
            if (patterns.isEmpty()) {
                List<String> p = c.positionals(GREP_VALUES);
                patterns = p.isEmpty() ? List.of() : p.subList(0, 1);
            }
            // every pattern must name some text: with -e, one generic pattern passes every line
            return !patterns.isEmpty() && patterns.stream().allMatch(ProcessLists::namesText);
        }
        if (c.named("head")) {
            return headPicks(c);
        }
        if (c.named("sed")) {
            List<String> script = c.positionals("-e -f -l --expression --file --line-length");
            List<String> e = c.valuesOf("-e --expression");
            String s = !e.isEmpty() ? String.join(";", e) : script.isEmpty() ? "" : script.get(0);
            return c.anyFlag("-n --quiet --silent") && !SED_PRINT_ALL.matcher(s).matches();
        }
        if (c.named("awk gawk mawk nawk")) {
            List<String> program = c.positionals("-F -v -f --field-separator --assign --file");
            return !program.isEmpty() && AWK_SELECTS.matcher(AWK_HEADER_SKIP.matcher(program.get(0)).replaceAll("")).find();
        }
        return false;
    }

    /** True when a grep pattern names some text once its generic parts ({@link #REGEX_GENERIC}) are removed. */
    private static boolean namesText(String pattern) {
        return !REGEX_GENERIC.matcher(pattern).replaceAll("").isEmpty();
    }

    /**
     * True when head keeps at most {@value #HEAD_MAX_PICK} first lines (the default is ten); a
     * negative count (all but the last lines), a larger one or one the shell computes passes the
     * listing on.
     */
    private static boolean headPicks(Cmd c) {
        String count = c.valueOf("-n -c --lines --bytes");
        if (count.isEmpty()) {
            for (String a : c.getArgs()) {
                java.util.regex.Matcher m = HEAD_OLD_COUNT.matcher(a);
                if (m.matches()) {
                    count = m.group(1);
                }
            }
        }
        if (count.isEmpty()) {
            return true;
        }
        return count.matches("\\d{1,9}") && Integer.parseInt(count) <= HEAD_MAX_PICK;
    }
}
