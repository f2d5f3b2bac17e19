package dev.shellwarden.grammar.ps;

import dev.shellwarden.grammar.Regex;

import dev.shellwarden.grammar.Heredoc;
import dev.shellwarden.grammar.LexicalPaths;
import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.Position;
import dev.shellwarden.grammar.Provenance;
import dev.shellwarden.grammar.Redirect;
import dev.shellwarden.grammar.Segment;
import dev.shellwarden.grammar.SplitResult;
import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.WordFeature;
import dev.shellwarden.grammar.powershell.PowerShellParser;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.misc.Interval;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Walks a PowerShell parse tree and emits segments in source order (a nested segment follows the
 * segment containing it).
 *
 * <p>Each command element list is read the way PowerShell's parser reads it: a bare word that is
 * not a number or an operator starts a command in argument mode; {@code &} and {@code .} invoke
 * whatever follows; a keyword starts a statement whose bodies are walked; anything else is an
 * expression (see docs/grammar-powershell.md for what an expression yields).
 */
final class PsBuilder {

    /** Most segments one text may produce (payloads included). */
    static final int MAX_SEGMENTS = 1024;
    /** Deepest segment nesting (payload in payload in …). */
    static final int MAX_DEPTH = 32;

    /** A syntax error the grammar let through (an unclosed {@code $(} in a string…). */
    static final class SyntaxProblem extends RuntimeException {
        SyntaxProblem(String message) {
            super(message, null, false, false);
        }
    }

    /** A bound exceeded while walking. */
    static final class LimitProblem extends RuntimeException {
        LimitProblem(String message) {
            super(message, null, false, false);
        }
    }

    /** How the statements of a group are read. */
    enum Mode {
        /** Ordinary statements. */
        NORMAL,
        /** Method or attribute arguments: expressions only, never commands. */
        EXPR,
        /** Switch, class and enum bodies: only nested groups are walked. */
        CLAUSE,
        /** Hash literal entries {@code key = statement}. */
        HASH,
        /** The header of {@code foreach ($x in <pipeline>)}. */
        FOREACH_HEADER
    }

    /** Where segments found now go: parent id, depth, provenance, wrappers. */
    record Ctx(int parent, int depth, Provenance prov, List<String> wrappers) {
        Ctx with(Provenance p) {
            return new Ctx(parent, depth, p, wrappers);
        }
    }

    /** The kind of one command element. */
    enum Kind { WORD, VARIABLE, SPLAT, DOLLAR, SQ, DQ, HERE_SQ, HERE_DQ, COMMA, ASSIGN, REDIRECT,
        STOP, AMP, PAREN, SUBEXPR, ARRAY, HASH, BLOCK }

    /** One command element with its source span (code-point indices, inclusive). */
    record Part(Kind kind, int start, int stop, String raw, PowerShellParser.GroupContext group) {
        boolean isGroup() {
            return group != null;
        }
    }

    private static final Set<String> KEYWORDS = Set.of("begin", "break", "catch", "class", "clean",
            "continue", "data", "do", "dynamicparam", "else", "elseif", "end", "enum", "exit",
            "filter", "finally", "for", "foreach", "function", "if", "param", "process", "return",
            "switch", "throw", "trap", "try", "until", "using", "while", "workflow",
            "configuration", "parallel", "sequence", "inlinescript");

    /** Methods known to have no effect outside the session (string, math, date, collection). */
    /** A static call on .NET's file and folder types, whose methods act on the file system whatever they are called. */
    private static final java.util.regex.Pattern IO_FILE_TYPE = java.util.regex.Pattern.compile("(?i)^\\[(?:system\\.)?io\\.(?:file|directory)\\]::");
    private static final Set<String> SAFE_METHODS = Set.of("tostring", "trim", "trimstart",
            "trimend", "split", "replace", "toupper", "tolower", "toupperinvariant",
            "tolowerinvariant", "substring", "contains", "startswith", "endswith", "indexof",
            "lastindexof", "padleft", "padright", "format", "join", "equals", "gettype", "adddays",
            "addhours", "addminutes", "addseconds", "addmilliseconds", "addmonths", "addyears",
            "addticks", "compareto", "tochararray", "getenumerator", "containskey", "containsvalue",
            "add", "round", "abs", "max", "min", "floor", "ceiling", "pow", "sqrt", "truncate",
            "newguid", "parse", "tryparse", "isnullorempty", "isnullorwhitespace", "getfilename",
            "getextension", "getdirectoryname", "getfilenamewithoutextension", "combine",
            "changeextension", "gethashcode", "where", "foreach", "toarray", "tolist", "sort",
            "reverse", "getbytes", "getstring", "tobase64string", "frombase64string", "matches",
            "match", "ismatch", "escape", "unescape", "normalize", "insert", "remove", "clone",
            "exists", "getenvironmentvariable", "getfolderpath", "toint32", "todatetime",
            "getvalue", "getnetworkcredential", "getproperties", "getmethods", "getmembers",
            // TimeSpan's factories (`[timespan]::FromSeconds(5)`) only build a value
            "fromdays", "fromhours", "fromminutes", "fromseconds", "frommilliseconds");

    private static final Pattern NUMBER = Pattern.compile(
            "(?i)^(?:0x[0-9a-f]+|0b[01]+|(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:e[+-]?\\d+)?)"
            + "(?:ul|uy|us|u|l|y|s|n|d)?(?:kb|mb|gb|tb|pb)?(?![\\p{L}\\p{N}_])");
    private static final Pattern PARAM_COLON = Pattern.compile("^([-\u2013\u2014\u2015][\\p{L}_?][\\p{L}\\p{N}_?\\-]*):");
    private static final Pattern SCRIPTBLOCK_CREATE = Pattern.compile(
            "(?i)^\\[(?:system\\.management\\.automation\\.)?scriptblock\\]::create$");
    private static final Pattern SCRIPT_METHOD = Pattern.compile("(?i)\\.(invokescript|newscriptblock|addscript)$");
    /**
     * A script block literal run in place with no arguments ({@code { Get-Date }.Invoke()}): it
     * runs its body, which the walk reads as commands like {@code & { … }}'s, so the call itself
     * hides nothing. Arguments are left opaque: they bind to the block's parameters unseen.
     */
    private static final Pattern BLOCK_INVOKE = Pattern.compile("(?i)^\\.(invoke|invokereturnasis)$");
    private static final Pattern EMPTY_ARGUMENTS = Pattern.compile("^\\(\\s*\\)$");
    private static final Pattern LITERAL_STRING = Pattern.compile(
            "^\\s*(?:'(?:[^'\u2018\u2019\u201A\u201B]|'')*'|\"[^\"`$\u201C\u201D\u201E]*\")\\s*$");

    private final int level;
    private final Set<String> userCommands;
    private final List<Segment> out = new ArrayList<>();
    private final PsCarriers carriers = new PsCarriers(this);
    /** Scripts written whole and run in this text ({@link PsWholeRuns}): read at the top level only. */
    final PsWholeRuns wholeRuns = new PsWholeRuns();
    /**
     * Literal text earlier statements of this text wrote to files ({@code Set-Content},
     * {@code Add-Content}, {@code Out-File}), by path with {@code /} separators and without
     * {@code ./}, in order; a write of computed text forgets the file. Later statements read the
     * file as bash's own writes are read ({@link PsCarriers}: {@code ./x.ps1}, {@code make}).
     */
    final java.util.Map<String, String> writtenFiles = new java.util.LinkedHashMap<>();
    /** The one literal string piped into the writer cmdlet being walked ({@code 'T' | Out-File f}), or null. */
    private Word pipedInput;

    Word pipedInput() {
        return pipedInput;
    }
    /** User aliases by lower-case name: the target, or "" when defined to different targets. */
    private final java.util.Map<String, String> aliases = new java.util.HashMap<>();
    /** Hashtable literals of plain values assigned to variables (lower-case name, no {@code $}), as splatted words. */
    private final java.util.Map<String, List<Word>> hashes = new java.util.HashMap<>();
    /**
     * Loop variables whose values are plain strings, by lower-case name ({@code _} for
     * {@code $_}/{@code $PSItem} in {@code 'C:\\' | ForEach-Object { … }}, {@code d} in
     * {@code foreach ($d in 'a','b') { … }}): a command's argument that is only the variable
     * stands for every value.
     */
    private java.util.Map<String, List<Word>> loopValues = java.util.Map.of();
    /** The {@code $_} values the next script block walked as an argument gets (ForEach-Object's), or null. */
    private List<Word> blockItems;
    /**
     * Script-block arguments whose parameters are bound to the call's arguments
     * ({@code Invoke-Command -ScriptBlock { param($p) … } -ArgumentList ~}), by identity: the
     * block's walk reads its parameters as those values ({@link #bindings}).
     */
    private final java.util.Map<Part, java.util.Map<String, List<Word>>> blockBindings = new java.util.IdentityHashMap<>();
    /** Script blocks assigned to variables ({@code $sb = { … }}), by lower-case name: {@code & $sb ~} walks them bound. */
    private final java.util.Map<String, Part> blockVariables = new java.util.HashMap<>();
    /**
     * Switches set for later cmdlets by {@code $PSDefaultParameterValues['Remove-Item:Recurse'] = $true}
     * (or a table assigned to it), by lower-case cmdlet pattern ({@code *} a wildcard): every later
     * matching cmdlet is read as if given them.
     */
    private final java.util.Map<String, Set<String>> defaultSwitches = new java.util.LinkedHashMap<>();
    /** Cmdlets that run a script block with {@code -ArgumentList} values as its arguments. */
    private static final Set<String> BLOCK_ARGUMENT_RUNNERS = Set.of("Invoke-Command", "Start-Job", "Start-ThreadJob");
    /** Automatic and environment variables that stand for themselves when piped into ForEach-Object ({@code $HOME | % { … }}). */
    private static final String KNOWN_PATH_NAMES = "home|pwd|env:[A-Za-z_][A-Za-z0-9_]*";
    /** One of {@link #KNOWN_PATH_NAMES}, alone ({@code $HOME}, {@code $env:USERPROFILE}). */
    private static final Pattern KNOWN_PATH_VARIABLE = Pattern.compile("(?i)^\\$(?:" + KNOWN_PATH_NAMES + ")$");
    /**
     * A double-quoted string whose only expansions are {@link #KNOWN_PATH_VARIABLE}s
     * ({@code "$HOME\.ssh"}): handed on as $_, it is the word it is where written. The names are
     * {@link #KNOWN_PATH_NAMES}, the variable pattern's one list.
     */
    private static final Pattern KNOWN_PATH_STRING = Pattern.compile(
            "\"(?:[^\"`$\u201C\u201D\u201E]|\\$(?i:" + KNOWN_PATH_NAMES + ")(?![\\w:]))*\"");
    /** The profile script variable, alone or one of its four paths ({@code $PROFILE.CurrentUserAllHosts}). */
    private static final Pattern PROFILE_PATH = Pattern.compile(
            "(?i)^\\$\\{?profile\\}?(?:\\.(?:currentusercurrenthost|currentuserallhosts|alluserscurrenthost|allusersallhosts))?$");
    /** {@code $args[0]}: the index. */
    private static final Pattern ARGS_INDEX = Pattern.compile("^\\[(\\d+)\\]$");
    /** {@code $PSDefaultParameterValues['Remove-Item:Recurse']}: the cmdlet pattern and the parameter. */
    private static final Pattern DEFAULT_ENTRY = Pattern.compile(
            "(?i)^\\$PSDefaultParameterValues\\[\\s*(['\"])([A-Za-z*?-]+):([A-Za-z]+)\\1\\s*\\]$");
    /** An entry {@code 'Remove-Item:Recurse' = $true} of a table assigned to {@code $PSDefaultParameterValues}. */
    private static final Pattern DEFAULT_TABLE_ENTRY = Pattern.compile(
            "(?i)(['\"]?)([A-Za-z*?-]+):([A-Za-z]+)\\1\\s*=\\s*\\$true(?![A-Za-z0-9_])");
    /** The literal strings or variables piped into the command being walked ({@code 'C:\\' | Remove-Item}), or null. */
    private List<List<Part>> pipedValues;
    /** The command being walked gets objects from a variable whose source is not known ({@code $t | Stop-Process}). */
    private boolean unknownPipedObjects;
    /** The pipeline stages before the command being walked, or null (ForEach-Object and path-bound cmdlets read what they list). */
    private List<List<Part>> earlierStages;
    /**
     * The text of the later stages of the pipeline whose first stage is walked now ({@code
     * ForEach-Object { 7200 }} of {@code $d = 1 | % { 7200 }}), or null. WHY: an assignment in a
     * first stage is assigned what the whole pipeline outputs, not its own right-hand side; read
     * as that, {@code $d = 1 | % { 7200 }; Start-Sleep $d} slept 1 and was allowed.
     */
    private String laterStages;
    /** What the loop variable of the {@code foreach} header just walked stands for ({@link #itemsOf}), or null. */
    private List<Word> headerItems;
    /**
     * True while the header of a {@code foreach} statement at the top level is walked: its list is
     * read once, before the body, where the statement stands ({@code $f = gci ~/.aws; foreach ($x
     * in $f) …} reads the pipeline {@code $f} holds as a top-level read would).
     */
    private boolean headerAtTop;
    /**
     * Loop values that stand for objects nobody can see here ({@code $t | % { Stop-Process -Id
     * $_.Id }}, {@code foreach ($x in $items)}): a destructive cmdlet given them is dynamic, as
     * one piped them is. Compared by identity.
     */
    private static final List<Word> UNKNOWN_ITEMS = java.util.Collections.unmodifiableList(new ArrayList<>());
    /** Properties of a listed item that are its full path ({@code $_.FullName}, {@code $_.PSPath}). */
    private static final Pattern FULL_PATH_PROPERTY = Pattern.compile("(?i)^\\.(fullname|pspath)$");
    /** Cmdlet verbs that remove, stop or clear what they get: fed unknown objects, they are judged dynamic. */
    private static final Set<String> DESTRUCTIVE_VERBS = Set.of("remove", "stop", "clear", "uninstall", "unregister",
            "disable", "suspend", "restart", "reset", "dismount");
    /** True while the command being walked got its name from a lookup ({@link PsLookup}): it stays dynamic. */
    private boolean lookedUpName;
    /** Variables holding a StreamWriter the text opened, assigned once ({@link PsWriters}), lower case. */
    private Set<String> writers = Set.of();
    /** What variables were last assigned in the walk, by lower-case name ({@link PsValues}). */
    private final PsValues values = new PsValues();
    /**
     * Literal {@code FileName} and {@code Arguments} set on a ProcessStartInfo held in a variable
     * ({@code $psi.FileName = 'x'}, {@code $p.StartInfo.Arguments = 'y'}), by lower-case variable
     * name: a later {@code Start} call naming the variable is read as starting them.
     */
    private final java.util.Map<String, java.util.Map<String, String>> startInfos = new java.util.HashMap<>();
    /** A plain variable inside any text ({@code $f}, {@code ${f}}; not {@code $env:X}). */
    private static final Pattern PLAIN_VARIABLE = Pattern.compile("\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?(?![A-Za-z0-9_:])");
    /** A member named CurrentDirectory assigned ({@code [Environment]::CurrentDirectory = …}, {@code $e::CurrentDirectory = …}). */
    private static final Pattern CURRENT_DIRECTORY = Pattern.compile("(?i)(?:::|\\.)\\s*currentdirectory\\s*$");
    private static final Pattern START_INFO_PROPERTY = Pattern.compile(
            "(?i)^\\$\\{?([A-Za-z_][A-Za-z0-9_]*)\\}?(?:\\.startinfo)?\\.(filename|arguments)$");

    PsBuilder(int level, Set<String> userFunctions) {
        this.level = level;
        this.userCommands = new java.util.HashSet<>(userFunctions);
    }

    SplitResult build(PowerShellParser.ScriptContext script) {
        if (script.getStart() != null && script.getStop() != null && script.getStop().getStopIndex() >= 0) {
            String text = script.getStart().getInputStream().getText(Interval.of(0, script.getStop().getStopIndex()));
            values.scan(text);
            writers = PsWriters.of(text);
        }
        walkBlock(script.block(), new Ctx(-1, 0, Provenance.TOP, List.of()), Mode.NORMAL);
        releaseStaticCalls();
        // INVARIANT: every reserved slot was filled before the walk returned.
        for (Segment s : out) {
            if (s == null) {
                throw new IllegalStateException("unfilled segment slot");
            }
        }
        return level == 0 ? new SplitResult(out, wholeRuns.decide(out)) : new SplitResult(out);
    }

    /**
     * The body of the script block walked now when it runs once, where it stands, in order: {@code
     * & { … }} or {@code . { … }} as a whole statement read in order itself; null otherwise.
     */
    private Ctx runAtOnce;

    /**
     * True when the statements walked in {@code ctx} run in order, once, as the top level does, so
     * that what a variable holds is read from the assignments walked before ({@link PsValues}): the
     * top level, or the body of a block run at once ({@link #runAtOnce}). WHY: {@code & { $d = (1,
     * (2, 7200))[1][1]; Start-Sleep $d }} is read like its body; inside a block the sleep was
     * taken as a value from outside.
     */
    private boolean inOrder(Ctx ctx) {
        return ctx.prov() == Provenance.TOP || ctx == runAtOnce;
    }

    /** True when {@code ctx} is the text's own top level (no block, branch or payload). */
    static boolean topLevel(Ctx ctx) {
        return ctx.parent() < 0 && ctx.depth() == 0 && ctx.prov() == Provenance.TOP;
    }

    // ---- lists ------------------------------------------------------------------------------

    private void walkBlock(PowerShellParser.BlockContext block, Ctx ctx, Mode mode) {
        if (block == null || block.children == null) {
            return;
        }
        int item = 0;
        String op = "";
        List<ParseTree> children = block.children;
        for (int k = 0; k < children.size(); k++) {
            ParseTree child = children.get(k);
            if (child instanceof PowerShellParser.StatementContext st) {
                boolean background = k + 1 < children.size()
                        && children.get(k + 1) instanceof PowerShellParser.TerminatorContext t
                        && t.AMP() != null;
                item = walkStatement(st, ctx, mode, item, op, background);
                op = "";
            } else if (child instanceof PowerShellParser.TerminatorContext t) {
                op = t.AMP() != null ? "&" : separator(t.separator(0));
            }
        }
    }

    private static String separator(PowerShellParser.SeparatorContext sep) {
        return sep == null || sep.NEWLINE() != null ? "\n" : ";";
    }

    private int walkStatement(PowerShellParser.StatementContext st, Ctx ctx, Mode mode, int item,
            String op, boolean background) {
        String before = op;
        int index = item;
        for (ParseTree child : st.children) {
            if (child instanceof PowerShellParser.PipelineContext p) {
                List<List<Part>> stages = new ArrayList<>();
                for (PowerShellParser.CommandContext command : p.command()) {
                    stages.add(parts(command));
                }
                List<List<Part>> written = stages;
                if (stages.size() > 1) {
                    stages = withHeldPipeline(stages, ctx, 0);
                } else {
                    stages = withHeldInput(stages, ctx);
                }
                // objects from a variable whose pipeline is not known soundly: destructive stages ask
                boolean unknown = stages.size() > 1 && unknownObjects(stages.get(0), ctx);
                // after a stage computing properties (`Select-Object @{n='Path';e={'C:\'}}`) too
                boolean computed = false;
                List<Part> previous = null;
                List<List<Part>> walked = new ArrayList<>();
                java.util.Map<String, List<Word>> outerLoop = loopValues;
                for (int stage = 0; stage < stages.size(); stage++) {
                    Position pos = new Position(index, stage, stages.size(), before, background);
                    List<Part> parts = pipedToEval(previous, stages.get(stage));
                    pipedValues = previous == null ? null : pipedValues(previous);
                    unknownPipedObjects = unknown && stage > 0 || computed;
                    earlierStages = previous == null ? null : List.copyOf(walked);
                    String outerLater = laterStages;
                    laterStages = stage == 0 && stages.size() > 1
                            ? String.join(" | ", stages.subList(1, stages.size()).stream().map(PsBuilder::spaced).toList()) : null;
                    walkCommand(parts, ctx, mode, pos);
                    laterStages = outerLater;
                    pipedValues = null;
                    unknownPipedObjects = false;
                    earlierStages = null;
                    computed |= computesProperties(parts);
                    previous = parts;
                    walked.add(parts);
                    String pv = pipelineVariable(parts);
                    if (pv != null) {
                        // `gci ~/.ssh -pv f | % { Get-Content $f.FullName }`: $f is each listed item in
                        // the later stages (objects of unknown source when the listing is not read here)
                        List<Word> items = listing(ungrouped(parts));
                        java.util.Map<String, List<Word>> bound = new java.util.HashMap<>(loopValues);
                        bound.put(pv, items != null ? items : UNKNOWN_ITEMS);
                        loopValues = bound;
                    }
                }
                loopValues = outerLoop;
                heldPipeline(written, ctx);
                teeVariables(written, ctx);
                index++;
            } else if (child instanceof PowerShellParser.ChainOpContext c) {
                before = c.getText();
            }
        }
        return index;
    }

    /**
     * {@code $c | iex}: Invoke-Expression alone after a stage that is one variable runs the variable's
     * string, as {@code iex $c} does, so it is read as that (the variable's value reaches it by name,
     * ValueFlow); any other stage as written.
     */
    private static List<Part> pipedToEval(List<Part> previous, List<Part> parts) {
        if (previous != null && previous.size() == 1 && previous.get(0).kind() == Kind.VARIABLE
                && parts.size() == 1 && parts.get(0).kind() == Kind.WORD
                && "Invoke-Expression".equals(PsNames.canonical(PsText.bare(parts.get(0).raw())))) {
            return List.of(parts.get(0), previous.get(0));
        }
        return parts;
    }

    /** How many variables deep a held pipeline is read ({@code $b = $a | …; $b | …}). */
    private static final int HELD_PIPELINE_DEPTH = 4;

    /** Variables whose objects come from the enclosing pipeline, which the rules see there. */
    private static final Set<String> ITEM_VARIABLES = Set.of("_", "psitem", "input");

    /**
     * The stages of a pipeline whose first stage is one variable holding a pipeline assigned once
     * at the top level ({@code $p = Get-Process; $p | Stop-Process}): that pipeline's stages, then
     * the rest, as if typed ({@code Get-Process | Stop-Process}); else {@code stages} itself.
     */
    private List<List<Part>> withHeldPipeline(List<List<Part>> stages, Ctx ctx, int depth) {
        List<Part> head = stages.get(0);
        int at = sourceVariable(head);
        if (depth >= HELD_PIPELINE_DEPTH || at < 0) {
            return stages;
        }
        PsValues.Known held = values.get(head.get(at).raw(), inOrder(ctx));
        if (held == null || held.stages() == null || !held.sound()) {
            return stages;
        }
        List<List<Part>> read = new ArrayList<>(withHeldPipeline(held.stages(), ctx, depth + 1));
        if (at > 0) {
            // `$null = $p | Stop-Process`: the assignment takes what the whole pipeline gives
            List<Part> first = new ArrayList<>(head.subList(0, at));
            first.addAll(read.get(0));
            read.set(0, first);
        }
        read.addAll(stages.subList(1, stages.size()));
        return read;
    }

    /**
     * A cmdlet given a variable's objects by {@code -InputObject} ({@code $p = Get-Process;
     * Stop-Process -InputObject $p}) when the variable holds a pipeline read soundly: that pipeline
     * piped into the cmdlet without the parameter ({@code Get-Process | Stop-Process}); else
     * {@code stages} itself (a computed -InputObject then asks, {@link #computedInputObject}).
     */
    private List<List<Part>> withHeldInput(List<List<Part>> stages, Ctx ctx) {
        List<Part> parts = stages.get(0);
        if (parts.isEmpty() || parts.get(0).kind() != Kind.WORD || !commandLike(parts.get(0).raw())) {
            return stages;
        }
        for (int i = 1; i + 1 < parts.size(); i++) {
            String t = PsText.bare(parts.get(i).raw()).toLowerCase(Locale.ROOT);
            if (parts.get(i).kind() != Kind.WORD || t.length() < 3 || !"-inputobject".startsWith(t)
                    || parts.get(i + 1).kind() != Kind.VARIABLE || adjacent(parts.get(i), parts.get(i + 1))) {
                continue;
            }
            List<List<Part>> source = withHeldPipeline(List.of(List.of(parts.get(i + 1))), ctx, 0);
            if (source.size() == 1 && source.get(0).size() == 1 && source.get(0).get(0) == parts.get(i + 1)) {
                return stages; // not a pipeline read soundly
            }
            List<Part> command = new ArrayList<>(parts.subList(0, i));
            command.addAll(parts.subList(i + 2, parts.size()));
            List<List<Part>> read = new ArrayList<>(source);
            read.add(command);
            return read;
        }
        return stages;
    }

    /**
     * Where the variable whose objects a pipeline's first stage sends on stands: 0 for a stage
     * that is one variable ({@code $p | …}), 2 for an assignment of one ({@code $x = $p | …}); -1
     * for any other stage.
     */
    private static int sourceVariable(List<Part> head) {
        if (head.size() == 1 && head.get(0).kind() == Kind.VARIABLE) {
            return 0;
        }
        return head.size() == 3 && head.get(0).kind() == Kind.VARIABLE && head.get(1).kind() == Kind.ASSIGN
                && head.get(2).kind() == Kind.VARIABLE ? 2 : -1;
    }

    /** Cmdlets whose objects are read from a file or text, or paths they compute (with Import-* and ConvertFrom-*): not items they name themselves. */
    private static final Set<String> TEXT_SOURCES = Set.of("get-content", "get-clipboard", "select-string", "read-host",
            "resolve-path", "convert-path", "join-path", "split-path",
            "receive-job", "get-variable", "new-object");

    /**
     * True when a pipeline's first stage sends on objects that are not known: those of one
     * variable that holds no string ({@link #pipedValues} reads those), no pipeline read soundly,
     * is not the enclosing pipeline's item nor an environment variable; or those read from a file
     * or text ({@code Import-Clixml x | Remove-Item}, {@code Get-Content list.txt | Remove-Item}) or
     * printed by a native program ({@code git ls-files | Remove-Item}), which no rule sees.
     */
    private boolean unknownObjects(List<Part> first, Ctx ctx) {
        int at = sourceVariable(first);
        if (at < 0) {
            int c = first.size() > 2 && first.get(0).kind() == Kind.VARIABLE && first.get(1).kind() == Kind.ASSIGN ? 2 : 0;
            if (first.size() <= c || first.get(c).kind() != Kind.WORD || !commandLike(first.get(c).raw())) {
                // strings, arrays and variables: read by pipedValues; an object expression it does not
                // read (`[pscustomobject]@{Path='C:\'}`, `[IO.Path]::Combine(…)`, `$x.Path`) sends
                // objects whose path properties bind to the next stage's -Path, which no rule sees
                // (a literal object's one path property is read: literalObjectPath)
                return c == 0 && pipedValues(first) == null && objectExpression(first) && literalObjectPath(first) == null;
            }
            String name = PsNames.canonical(PsText.bare(first.get(c).raw())).toLowerCase(Locale.ROOT);
            return !PsNames.isCmdletLike(name) || name.startsWith("import-") || name.startsWith("convertfrom-") || TEXT_SOURCES.contains(name);
        }
        String raw = first.get(at).raw();
        if (loopValues.get(loopName(raw)) == UNKNOWN_ITEMS) {
            return true; // `$t | % { $_ | Stop-Process }`
        }
        if (ITEM_VARIABLES.contains(loopName(raw)) || loopName(raw).startsWith("env:")) {
            return false;
        }
        PsValues.Known held = values.get(raw, inOrder(ctx));
        return held == null || held.string() == null;
    }

    /**
     * True for a Select-Object stage given a calculated property (a hashtable argument,
     * {@code @{n='Path';e={$HOME}}}): the objects it sends on carry a property computed by a
     * block, which binds to the next stage's -Path or -LiteralPath unseen by any rule.
     */
    private static boolean computesProperties(List<Part> stage) {
        if (stage.isEmpty() || stage.get(0).kind() != Kind.WORD
                || !"Select-Object".equals(PsNames.canonical(PsText.bare(stage.get(0).raw())))) {
            return false;
        }
        return stage.stream().anyMatch(p -> p.kind() == Kind.HASH);
    }

    /**
     * True for a first stage that computes objects: a type literal or cast ({@code [pscustomobject]@{…}},
     * {@code [IO.Path]::Combine(…)}), a hashtable, a group, a subexpression, an array or a
     * variable's member; false for a number or range ({@code 1..3}), which names no item.
     */
    private static boolean objectExpression(List<Part> first) {
        Part p = first.get(0);
        return switch (p.kind()) {
            // (`(Get-ChildItem .\build) | …`: a grouped command, whose listing pipedItems reads)
            case PAREN -> ungrouped(first) == first;
            case HASH, DOLLAR, SUBEXPR, ARRAY -> true;
            case WORD -> p.raw().startsWith("[");
            case VARIABLE -> first.size() > 1;
            default -> false;
        };
    }

    /** True when the cmdlet is told {@code -WhatIf} (from {@code -wh}; {@code -WhatIf:$false} is no dry run): it only prints what it would do. */
    private static boolean dryRun(List<Word> argv) {
        for (int i = 1; i < argv.size(); i++) {
            String t = argv.get(i).text().toLowerCase(Locale.ROOT);
            if (argv.get(i).literal() && t.length() >= 3 && "-whatif".startsWith(t)) {
                // `-WhatIf:VALUE` is split into the parameter (raw ending in `:`) and its value
                return !argv.get(i).raw().endsWith(":") || i + 1 < argv.size() && argv.get(i + 1).text().equalsIgnoreCase("$true");
            }
        }
        return false;
    }

    /** True when {@code -InputObject} (any unambiguous prefix from {@code -In}) is given a computed value. */
    private static boolean computedInputObject(List<Word> argv) {
        for (int i = 1; i + 1 < argv.size(); i++) {
            String t = argv.get(i).text().toLowerCase(Locale.ROOT);
            if (argv.get(i).literal() && t.length() >= 3 && "-inputobject".startsWith(t.replaceFirst(":$", "")) && !argv.get(i + 1).literal()) {
                return true;
            }
        }
        return false;
    }

    /**
     * After {@code $v = a | b}: {@code $v} holds the pipeline {@code a | b} (a string or lookup
     * {@link #heldValue} read stays as it is).
     */
    private void heldPipeline(List<List<Part>> stages, Ctx ctx) {
        List<Part> first = stages.get(0);
        if (first.size() < 3 || first.get(0).kind() != Kind.VARIABLE || first.get(1).kind() != Kind.ASSIGN
                || !first.get(1).raw().equals("=")) {
            return;
        }
        // a command, or another variable's objects sent on (`$b = $a | Sort-Object CPU`)
        Part r0 = first.get(2);
        boolean command = r0.kind() == Kind.WORD && commandLike(r0.raw());
        boolean piped = r0.kind() == Kind.VARIABLE && first.size() == 3 && stages.size() > 1;
        if (!command && !piped) {
            return;
        }
        PsValues.Known now = values.get(first.get(0).raw(), inOrder(ctx));
        // (a path heldValue read, `$p = Join-Path $HOME '.ssh\id_rsa'`, names the item itself: written
        // bare after `=` it came here as a command's output and lost the path the grouped form kept)
        // (nor a list made by `New-Object System.Collections.ArrayList`, whose strings heldValue keeps)
        if (now != null && (now.string() != null || now.command() != null || now.path() != null || now.items() != null)) {
            return;
        }
        List<List<Part>> held = new ArrayList<>();
        held.add(List.copyOf(first.subList(2, first.size())));
        held.addAll(stages.subList(1, stages.size()));
        values.assigned(first.get(0).raw(), new PsValues.Value(null, null, true, List.copyOf(held), null), inOrder(ctx));
    }

    /**
     * {@code … | Tee-Object -Variable t | …}: the variable holds the objects of the stages before
     * the Tee-Object, as {@code $t = …} of those stages would ({@link #heldPipeline}), so a later
     * {@code $t | Get-Content} reads what they list. WHY: {@code Get-ChildItem ~/.aws | Tee-Object
     * -Variable t | Out-Null; $t | Get-Content} read every credential file and was allowed.
     */
    private void teeVariables(List<List<Part>> stages, Ctx ctx) {
        for (int s = 0; s < stages.size(); s++) {
            String name = teeVariable(stages.get(s));
            if (name != null) {
                // `7200 | Tee-Object -Variable d`: d holds the value a one-expression first stage computes;
                // a first-stage `Tee-Object -InputObject 7200 -Variable d` the value it is given (rt33b)
                boolean top = inOrder(ctx);
                Part input = s == 0 ? teeInputObject(stages.get(0)) : null;
                values.assigned("$" + name, new PsValues.Value(null, null, true, List.copyOf(stages.subList(0, Math.max(s, 1))), null),
                        top, "=", s == 1 ? held(spaced(stages.get(0)), top) : input != null ? held(spaced(List.of(input)), top) : null);
            }
            String out = outVariable(stages.get(s));
            if (out != null) {
                // `gci ~/.ssh -OutVariable o | Out-Null; $o | Get-Content`: $o holds the stage's own objects
                List<List<Part>> held = new ArrayList<>(stages.subList(0, s));
                held.add(withoutOutVariable(stages.get(s)));
                values.assigned("$" + out, new PsValues.Value(null, null, true, List.copyOf(held), null), inOrder(ctx));
            }
        }
    }

    /** The variable a stage's {@code -OutVariable NAME} (or {@code -ov NAME}) names, or null; a {@code +NAME} (append) is not read. */
    private static String outVariable(List<Part> stage) {
        int at = outVariableAt(stage);
        return at < 0 ? null : PsText.bare(stage.get(at + 1).raw());
    }

    /** Where a stage's {@code -OutVariable NAME} is (the parameter's index), or -1. */
    private static int outVariableAt(List<Part> stage) {
        for (int i = 1; i + 1 < stage.size(); i++) {
            String t = PsText.bare(stage.get(i).raw()).toLowerCase(Locale.ROOT);
            if (stage.get(i).kind() == Kind.WORD && (t.equals("-ov") || t.length() >= 5 && "-outvariable".startsWith(t))
                    && stage.get(i + 1).kind() == Kind.WORD && !adjacent(stage.get(i), stage.get(i + 1))
                    && PsText.bare(stage.get(i + 1).raw()).matches("[A-Za-z_][A-Za-z0-9_]*")) {
                return i;
            }
        }
        return -1;
    }

    /** A stage without its {@code -OutVariable NAME}: the objects it sends are the ones the variable gets. */
    private static List<Part> withoutOutVariable(List<Part> stage) {
        int at = outVariableAt(stage);
        List<Part> out = new ArrayList<>(stage.subList(0, at));
        out.addAll(stage.subList(at + 2, stage.size()));
        return List.copyOf(out);
    }

    /**
     * The variable a {@code Tee-Object -Variable NAME} (or {@code -Variable:NAME}) stage names
     * (Tee-Object's only parameter from {@code -v}), or null.
     */
    private static String teeVariable(List<Part> stage) {
        if (stage.size() < 2 || stage.get(0).kind() != Kind.WORD
                || !"Tee-Object".equals(PsNames.canonical(PsText.bare(stage.get(0).raw())))) {
            return null;
        }
        // anywhere among the parameters (rt33b: `-Variable d -ErrorAction Ignore`, `-InputObject 7200 -Variable d`)
        for (int i = 1; i < stage.size(); i++) {
            if (stage.get(i).kind() != Kind.WORD) {
                continue;
            }
            Matcher colon = TEE_VARIABLE_COLON.matcher(PsText.bare(stage.get(i).raw()));
            if (colon.matches()) {
                return colon.group(1);
            }
            String p = PsText.bare(stage.get(i).raw()).toLowerCase(Locale.ROOT);
            Part v = i + 1 < stage.size() ? stage.get(i + 1) : null;
            if (v != null && p.length() >= 2 && "-variable".startsWith(p) && v.kind() == Kind.WORD
                    && !adjacent(stage.get(i), v) && PsText.bare(v.raw()).matches("[A-Za-z_][A-Za-z0-9_]*")) {
                return PsText.bare(v.raw());
            }
        }
        return null;
    }

    /** The part a Tee-Object stage's {@code -InputObject VALUE} (any prefix from {@code -i}) gives, or null. */
    private static Part teeInputObject(List<Part> stage) {
        for (int i = 1; i + 1 < stage.size(); i++) {
            String p = PsText.bare(stage.get(i).raw()).toLowerCase(Locale.ROOT);
            if (stage.get(i).kind() == Kind.WORD && p.length() >= 2 && "-inputobject".startsWith(p) && !adjacent(stage.get(i), stage.get(i + 1))) {
                return stage.get(i + 1);
            }
        }
        return null;
    }

    /** Tee-Object's {@code -Variable:NAME} in one word (any prefix from {@code -v}). */
    private static final Pattern TEE_VARIABLE_COLON = Pattern.compile("(?i)-v(?:a|ar|ari|aria|ariab|ariabl|ariable)?:([A-Za-z_][A-Za-z0-9_]*)");

    // ---- elements ---------------------------------------------------------------------------

    private static List<Part> parts(PowerShellParser.CommandContext cmd) {
        List<Part> parts = new ArrayList<>();
        for (ParseTree child : cmd.children) {
            if (child instanceof TerminalNode t) {
                parts.add(terminal(Kind.AMP, t.getSymbol()));
            } else if (child instanceof PowerShellParser.ElementContext e) {
                if (e.group() != null) {
                    parts.add(group(e.group()));
                } else {
                    for (ParseTree c : e.children) {
                        Token t = ((TerminalNode) c).getSymbol();
                        if (t.getType() == PowerShellParser.AMP) {
                            parts.add(terminal(Kind.AMP, t));
                        } else if (t.getType() != PowerShellParser.NEWLINE) {
                            parts.add(terminal(kindOf(t.getType()), t));
                        }
                    }
                }
            }
        }
        return parts;
    }

    private static Kind kindOf(int type) {
        return switch (type) {
            case PowerShellParser.WORD -> Kind.WORD;
            case PowerShellParser.VARIABLE -> Kind.VARIABLE;
            case PowerShellParser.SPLAT -> Kind.SPLAT;
            case PowerShellParser.DOLLAR -> Kind.DOLLAR;
            case PowerShellParser.SQ_STRING -> Kind.SQ;
            case PowerShellParser.DQ_STRING -> Kind.DQ;
            case PowerShellParser.HERE_SQ -> Kind.HERE_SQ;
            case PowerShellParser.HERE_DQ -> Kind.HERE_DQ;
            case PowerShellParser.COMMA -> Kind.COMMA;
            case PowerShellParser.ASSIGN -> Kind.ASSIGN;
            case PowerShellParser.REDIRECT -> Kind.REDIRECT;
            case PowerShellParser.STOP_PARSING -> Kind.STOP;
            default -> throw new IllegalStateException("unexpected token " + type);
        };
    }

    private static Part terminal(Kind kind, Token t) {
        return new Part(kind, t.getStartIndex(), t.getStopIndex(), t.getText(), null);
    }

    private static Part group(PowerShellParser.GroupContext g) {
        Kind kind;
        if (g instanceof PowerShellParser.ParenContext) {
            kind = Kind.PAREN;
        } else if (g instanceof PowerShellParser.SubexpressionContext) {
            kind = Kind.SUBEXPR;
        } else if (g instanceof PowerShellParser.ArrayExpressionContext) {
            kind = Kind.ARRAY;
        } else if (g instanceof PowerShellParser.HashLiteralContext) {
            kind = Kind.HASH;
        } else {
            kind = Kind.BLOCK;
        }
        int start = g.getStart().getStartIndex();
        int stop = g.getStop().getStopIndex();
        String raw = g.getStart().getInputStream().getText(Interval.of(start, stop));
        return new Part(kind, start, stop, raw, g);
    }

    private static PowerShellParser.BlockContext body(Part p) {
        return p.group().getChild(PowerShellParser.BlockContext.class, 0);
    }

    private static boolean adjacent(Part a, Part b) {
        return a.stop() + 1 == b.start();
    }

    /**
     * Groups elements into arguments: adjacent elements form one argument, as in PowerShell's
     * argument mode. Commas, redirections, {@code --%} and {@code &} stand alone.
     */
    private static List<List<Part>> arguments(List<Part> parts) {
        List<List<Part>> args = new ArrayList<>();
        List<Part> current = null;
        Part prev = null;
        for (Part p : parts) {
            boolean alone = p.kind() == Kind.COMMA || p.kind() == Kind.REDIRECT
                    || p.kind() == Kind.STOP || p.kind() == Kind.AMP;
            if (current == null || alone || !adjacent(prev, p)
                    || prev.kind() == Kind.COMMA || prev.kind() == Kind.REDIRECT) {
                current = new ArrayList<>();
                args.add(current);
            }
            current.add(p);
            prev = p;
        }
        return args;
    }

    // ---- commands ---------------------------------------------------------------------------

    private void walkCommand(List<Part> parts, Ctx ctx, Mode mode, Position pos) {
        if (parts.isEmpty()) {
            return;
        }
        switch (mode) {
            case CLAUSE -> {
                nestedOnly(parts, ctx.with(Provenance.COMPOUND), Mode.NORMAL, Mode.NORMAL);
                return;
            }
            case HASH -> {
                int eq = indexOf(parts, Kind.ASSIGN);
                if (eq < 0) {
                    nestedOnly(parts, ctx, Mode.NORMAL, Mode.NORMAL);
                } else {
                    nestedOnly(parts.subList(0, eq), ctx, Mode.EXPR, Mode.NORMAL);
                    walkCommand(parts.subList(eq + 1, parts.size()), ctx, Mode.NORMAL, pos);
                }
                return;
            }
            case FOREACH_HEADER -> {
                if (parts.size() >= 2 && parts.get(0).kind() == Kind.VARIABLE
                        && parts.get(1).kind() == Kind.WORD
                        && PsText.bare(parts.get(1).raw()).equalsIgnoreCase("in")) {
                    headerItems = parts.size() > 2 ? itemsOf(parts.subList(2, parts.size()), ctx) : null;
                    walkCommand(parts.subList(2, parts.size()), ctx, Mode.NORMAL, pos);
                } else {
                    expression(parts, ctx, pos, null);
                }
                return;
            }
            case EXPR -> {
                // Method arguments and parameter defaults: `= value` here is no assignment.
                expression(parts, ctx, pos, null, false);
                return;
            }
            default -> {
            }
        }
        Part first = parts.get(0);
        if (first.kind() == Kind.AMP) {
            invocation(parts.subList(1, parts.size()), "&", ctx, pos);
        } else if (first.kind() == Kind.WORD && first.raw().equals(".") && parts.size() > 1
                && (!adjacent(first, parts.get(1)) || parts.get(1).kind() != Kind.WORD)) {
            // `. name` and also `.(gcm …)`, `.$c`, `.'x.ps1'`: the dot-source operator needs no blank
            // before a group, variable or string (a dot glued to a bare word is part of that word)
            invocation(parts.subList(1, parts.size()), ".", ctx, pos);
        } else if (first.kind() == Kind.WORD && pos.stage() == 0
                && KEYWORDS.contains(PsText.bare(first.raw()).toLowerCase(Locale.ROOT))) {
            keyword(PsText.bare(first.raw()).toLowerCase(Locale.ROOT), parts, ctx, pos);
        } else if (first.kind() == Kind.WORD && commandLike(first.raw())) {
            if (pos.stages() == 1) {
                // `sv d 7200`; `sv p "$HOME\.ssh"` holds what `$p = "$HOME\.ssh"` would (the value is one part)
                values.setVariable(spaced(parts), inOrder(ctx), text -> {
                    for (int i = parts.size() - 1; i > 1; i--) {
                        for (int j = i + 1; j <= parts.size(); j++) {
                            if (spaced(parts.subList(i, j)).equals(text)) {
                                return heldValue(parts.subList(i, j), ctx);
                            }
                        }
                    }
                    return null;
                });
            }
            command(splitName(arguments(parts)), ctx, pos);
        } else {
            expression(parts, ctx, pos, null);
        }
    }

    private static int indexOf(List<Part> parts, Kind kind) {
        for (int i = 0; i < parts.size(); i++) {
            if (parts.get(i).kind() == kind) {
                return i;
            }
        }
        return -1;
    }

    /** True when a bare word in command position starts a command rather than an expression. */
    static boolean commandLike(String raw) {
        String d = PsText.bare(raw);
        if (d.isEmpty()) {
            return false;
        }
        char c = d.charAt(0);
        if ("[-+!,=*:".indexOf(c) >= 0 || PsText.isDash(c)) {
            return false;
        }
        if (Character.isDigit(c) || c == '.' && d.length() > 1 && Character.isDigit(d.charAt(1))) {
            return !NUMBER.matcher(d).find();
        }
        return true;
    }

    /**
     * A command name ends where a parenthesis starts, as in PowerShell: {@code iex("rm x")} is
     * {@code iex} with the argument {@code ("rm x")}.
     */
    private static List<List<Part>> splitName(List<List<Part>> args) {
        List<Part> name = args.get(0);
        for (int i = 1; i < name.size(); i++) {
            if (name.get(i).kind() == Kind.PAREN) {
                List<List<Part>> split = new ArrayList<>();
                split.add(name.subList(0, i));
                split.add(name.subList(i, name.size()));
                split.addAll(args.subList(1, args.size()));
                return split;
            }
        }
        return args;
    }

    /** {@code & name args} and {@code . name args}. */
    private void invocation(List<Part> parts, String op, Ctx ctx, Position pos) {
        if (parts.isEmpty()) {
            throw new SyntaxProblem("invocation operator without a command");
        }
        List<List<Part>> args = arguments(parts);
        List<Part> name = args.get(0);
        String folded = name.size() == 1 && name.get(0).kind() == Kind.PAREN ? concatenation(name.get(0).raw()) : null;
        boolean lookedUp = false;
        PsValues.Known held = name.size() == 1 && name.get(0).kind() == Kind.VARIABLE
                ? values.get(name.get(0).raw(), inOrder(ctx)) : null;
        if (held != null && held.command() != null) {
            // `$c = gcm *ke-Ex*; & $c …`, `$s = 'Stop-'+'Computer'; & $s`: the command the variable holds;
            // dynamic still unless a literal name assigned once, in sequence, before this call
            folded = held.command();
            lookedUp = !held.sound();
        }
        java.util.Map.Entry<String, Boolean> join = folded == null && name.size() == 1 && name.get(0).kind() == Kind.PAREN
                ? joinedVariable(name.get(0).raw(), ctx) : null;
        if (join != null) {
            // `$p = 'Invoke-','Expression'; & (-join $p)`: the pieces joined, dynamic unless assigned once, in sequence
            folded = join.getKey();
            lookedUp = !join.getValue();
        }
        if (folded == null && held == null && name.get(0).kind() != Kind.BLOCK) {
            // & (gcm Stop-Comp*), . ('{1}{0}' -f …), & (Get-Alias iex).Definition: the command named
            folded = PsLookup.resolve(source(name));
            lookedUp = folded != null && !PsLookup.exact(source(name));
            List<String> several = folded == null ? PsLookup.candidates(source(name)) : null;
            if (several != null) {
                // `& (gcm Remove-I*) ~ -Recurse -Force`: read as each cmdlet the wildcard matches, each
                // dynamic (which one runs depends on what is installed) and in a child scope (one
                // candidate's assignment is no value the rest of the command may rely on)
                Part p = name.get(0);
                for (String candidate : several) {
                    List<List<Part>> named = new ArrayList<>(args);
                    named.set(0, List.of(new Part(Kind.SQ, p.start(), name.get(name.size() - 1).stop(),
                            "'" + candidate.replace("'", "''") + "'", null)));
                    values.inChildScope(() -> {
                        lookedUpName = true;
                        command(named, ctx, pos);
                    });
                }
                return;
            }
        }
        if (folded != null) {
            // & ('Remove' + '-Item') runs Remove-Item: the name is the joined literal
            Part p = name.get(0);
            args = new ArrayList<>(args);
            args.set(0, List.of(new Part(Kind.SQ, p.start(), name.get(name.size() - 1).stop(),
                    "'" + folded.replace("'", "''") + "'", null)));
            name = args.get(0);
        }
        Part heldBlock = name.size() == 1 && name.get(0).kind() == Kind.VARIABLE && !lookedUp && folded == null
                ? blockVariables.get(loopName(name.get(0).raw())) : null;
        if (heldBlock != null && args.size() > 1 && pos.stages() == 1) {
            // `$sb = { param($p) … }; & $sb ~`: the block again with its parameters bound (the call
            // itself stays dynamic, and the block's first walk stays as it was)
            Ctx rest = new Ctx(ctx.parent(), ctx.depth() + 1, Provenance.COMMAND_SUBSTITUTION, ctx.wrappers());
            java.util.Map<String, List<Word>> bound = bindings(heldBlock, args.subList(1, args.size()), rest);
            if (bound != null) {
                walkBound(heldBlock, bound, new Ctx(ctx.parent(), ctx.depth() + 1,
                        op.equals("&") ? Provenance.SUBSHELL : Provenance.BRACE_GROUP, ctx.wrappers()));
            }
        }
        // a looked-up name still depends on what is installed: the segment stays dynamic too
        lookedUpName = lookedUp;
        if (name.size() == 1 && name.get(0).kind() == Kind.BLOCK) {
            Provenance p = op.equals("&") ? Provenance.SUBSHELL : Provenance.BRACE_GROUP;
            Ctx rest = new Ctx(ctx.parent(), ctx.depth() + 1, Provenance.COMMAND_SUBSTITUTION,
                    ctx.wrappers());
            // `& { param($p) Remove-Item $p … } ~`: the block's parameters are the call's arguments
            java.util.Map<String, List<Word>> bound = bindings(name.get(0), args.subList(1, args.size()), rest);
            Ctx inner = new Ctx(ctx.parent(), ctx.depth() + 1, p, ctx.wrappers());
            Part block = name.get(0);
            // a whole statement read in order runs its block once, at once: the body is read in order too
            boolean once = inOrder(ctx) && pos.stages() == 1;
            Ctx outerOnce = runAtOnce;
            runAtOnce = once ? inner : runAtOnce;
            try {
                if (op.equals("&") && once) {
                    // `& { $d = 7200; Start-Sleep $d }`: the block's own variables, read in order, over a
                    // copy of the caller's; the caller's keep their values
                    values.inChildFrame(() -> walkBound(block, bound, inner));
                } else if (op.equals("&")) {
                    // `& { $d = 7200 }` assigns the block's own $d: the caller's keeps its value
                    values.inChildScope(() -> walkBound(block, bound, inner));
                } else {
                    // `. { $d *= 60 }` runs once in this scope
                    values.inBlock(flatBlock(block) ? 1 : 0, () -> walkBound(block, bound, inner));
                }
            } finally {
                runAtOnce = outerOnce;
            }
            for (int k = 1; k < args.size(); k++) {
                word(args.get(k), rest, false, Provenance.COMPOUND);
            }
            return;
        }
        command(args, ctx, pos);
    }

    /**
     * The values the parameters of {@code block} take from {@code args} (positional in order,
     * {@code -name value} by name or unique prefix, defaults for the rest), by lower-case name,
     * and {@code args[N]} for a block without a {@code param()} list; every other parameter name
     * maps to no entry (it hides an outer loop value). Null when the list or an argument is not
     * read (extra or unknown arguments, computed values): the block's variables stay dynamic.
     */
    private java.util.Map<String, List<Word>> bindings(Part block, List<List<Part>> args, Ctx ctx) {
        List<PsBlockParams.Param> params = PsBlockParams.of(block.raw());
        if (params == null || !userCommands.isEmpty()) {
            return null;
        }
        java.util.Map<String, Word> bound = new java.util.LinkedHashMap<>();
        List<Word> positional = new ArrayList<>();
        for (int k = 0; k < args.size(); k++) {
            List<Part> arg = args.get(k);
            Part head = arg.get(0);
            if (arg.size() == 1 && head.kind() == Kind.WORD && PsText.bare(head.raw()).length() > 1
                    && PsText.isDash(PsText.bare(head.raw()).charAt(0))) {
                String n = PsText.bare(head.raw()).substring(1).toLowerCase(Locale.ROOT);
                List<PsBlockParams.Param> named = params.stream().filter(q -> q.name().equals(n)).toList();
                named = named.isEmpty() ? params.stream().filter(q -> q.name().startsWith(n)).toList() : named;
                if (named.size() != 1 || k + 1 >= args.size() || bound.containsKey(named.get(0).name())) {
                    return null;
                }
                Word w = boundValue(args.get(++k), ctx);
                if (w == null) {
                    return null;
                }
                bound.put(named.get(0).name(), w);
                continue;
            }
            Word w = boundValue(arg, ctx);
            if (w == null) {
                return null;
            }
            positional.add(w);
        }
        java.util.Map<String, List<Word>> out = new java.util.HashMap<>();
        if (params.isEmpty()) {
            if (!bound.isEmpty()) {
                return null;
            }
            for (int i = 0; i < positional.size(); i++) {
                out.put("args[" + i + "]", List.of(positional.get(i)));
            }
            return out;
        }
        int next = 0;
        for (PsBlockParams.Param q : params) {
            Word w = bound.get(q.name());
            if (w == null && next < positional.size()) {
                w = positional.get(next++);
            }
            w = w == null ? q.fallback() : w;
            // (a parameter the block assigns is no longer the argument)
            if (w != null && !assignsVariable(PsBlockParams.statements(block.raw()), q.name())) {
                out.put(q.name(), List.of(w));
            } else {
                out.put(q.name(), null);
            }
        }
        return next < positional.size() ? null : out;
    }

    /** One argument bound to a block parameter: a plain word, a string without subexpressions or a variable; null otherwise. */
    private Word boundValue(List<Part> arg, Ctx ctx) {
        if (arg.size() != 1) {
            return null;
        }
        Part p = arg.get(0);
        return switch (p.kind()) {
            case WORD -> p.raw().isEmpty() || PsText.isDash(p.raw().charAt(0)) ? null : word(arg, ctx, false, Provenance.COMPOUND).word();
            case SQ -> word(arg, ctx, false, Provenance.COMPOUND).word();
            case DQ -> p.raw().contains("$(") ? null : word(arg, ctx, false, Provenance.COMPOUND).word();
            case VARIABLE -> {
                Word held = heldItem(p, ctx);
                yield held != null ? held : word(arg, ctx, false, Provenance.COMPOUND).word();
            }
            default -> null;
        };
    }

    /**
     * The word a variable piped or passed on stands for: the string it soundly holds, or itself
     * for {@code $HOME}, {@code $PWD} and environment variables (read as written in its place);
     * null for others.
     */
    private Word heldItem(Part variable, Ctx ctx) {
        PsValues.Known held = values.get(variable.raw(), inOrder(ctx));
        if (held != null && held.sound() && held.string() != null) {
            return new Word(held.string(), variable.raw(), true, Set.of(WordFeature.SINGLE_QUOTED, WordFeature.RESOLVED_VARIABLE));
        }
        if (held != null && held.sound() && held.path() != null) {
            return new Word(held.path(), variable.raw(), false, Set.of(WordFeature.PARAMETER));
        }
        if (KNOWN_PATH_VARIABLE.matcher(PsText.bare(variable.raw())).matches()) {
            return new Word(variable.raw(), variable.raw(), false, Set.of(WordFeature.PARAMETER));
        }
        return null;
    }

    /** Walks {@code block} with its parameters bound ({@code bound}, or as it stands when null). */
    private void walkBound(Part block, java.util.Map<String, List<Word>> bound, Ctx ctx) {
        java.util.Map<String, List<Word>> saved = loopValues;
        if (bound != null) {
            java.util.Map<String, List<Word>> inner = new java.util.HashMap<>(loopValues);
            bound.forEach((k, v) -> {
                if (v == null) {
                    inner.remove(k);
                } else {
                    inner.put(k, v);
                }
            });
            loopValues = inner;
        }
        try {
            walkBlock(body(block), ctx, Mode.NORMAL);
        } finally {
            loopValues = saved;
        }
    }

    /**
     * {@code Invoke-Command -ScriptBlock { param($p) … } -ArgumentList ~} (and Start-Job,
     * Start-ThreadJob): binds the block's parameters to the -ArgumentList values for its walk as
     * an argument. Any other parameter with a value leaves the block as it is.
     */
    private void runnerBindings(List<List<Part>> args, Ctx ctx) {
        Part block = null;
        List<List<Part>> values = null;
        for (int k = 1; k < args.size(); k++) {
            List<Part> arg = args.get(k);
            Part head = arg.get(0);
            if (arg.size() == 1 && head.kind() == Kind.BLOCK && block == null) {
                block = head;
                continue;
            }
            String t = arg.size() == 1 && head.kind() == Kind.WORD ? PsText.bare(head.raw()).toLowerCase(Locale.ROOT) : "";
            if (t.length() < 2 || !PsText.isDash(t.charAt(0))) {
                return;
            }
            String n = t.substring(1);
            if (n.length() >= 2 && ("scriptblock".startsWith(n) || n.length() >= 3 && "command".startsWith(n))) {
                if (k + 1 >= args.size() || args.get(k + 1).size() != 1 || args.get(k + 1).get(0).kind() != Kind.BLOCK || block != null) {
                    return;
                }
                block = args.get(++k).get(0);
            } else if (n.equals("args") || n.length() >= 3 && "argumentlist".startsWith(n)) {
                if (values != null) {
                    return;
                }
                values = new ArrayList<>();
                while (k + 1 < args.size()) {
                    values.add(args.get(++k));
                    if (k + 1 < args.size() && args.get(k + 1).get(0).kind() == Kind.COMMA) {
                        k++;
                    } else {
                        break;
                    }
                }
            } else if (!Set.of("asjob", "nonewscope", "hidecomputername").contains(n)) {
                return;
            }
        }
        if (block != null && values != null && !values.isEmpty()) {
            java.util.Map<String, List<Word>> bound = bindings(block, values, ctx);
            if (bound != null) {
                blockBindings.put(block, bound);
            }
        }
    }

    /** Records the switches {@code $PSDefaultParameterValues} sets to {@code $true} (one entry or a whole table). */
    private void defaultParameterValues(List<Part> lhs, List<Part> rhs) {
        String target = PsText.bare(spaced(lhs));
        Matcher one = DEFAULT_ENTRY.matcher(target.replaceAll("\\s+", ""));
        if (one.matches() && rhs.size() == 1 && rhs.get(0).raw().equalsIgnoreCase("$true")) {
            defaultSwitches.computeIfAbsent(one.group(2).toLowerCase(Locale.ROOT), x -> new java.util.LinkedHashSet<>()).add(one.group(3));
        } else if (target.equalsIgnoreCase("$PSDefaultParameterValues") && rhs.size() == 1 && rhs.get(0).kind() == Kind.HASH) {
            Matcher e = DEFAULT_TABLE_ENTRY.matcher(rhs.get(0).raw());
            while (e.find()) {
                defaultSwitches.computeIfAbsent(e.group(2).toLowerCase(Locale.ROOT), x -> new java.util.LinkedHashSet<>()).add(e.group(3));
            }
        }
    }

    /** Adds to {@code argv} the switches {@code $PSDefaultParameterValues} set for {@code canonical} and it does not name. */
    private void defaultSwitchesFor(String canonical, List<Word> argv) {
        String lower = canonical.toLowerCase(Locale.ROOT);
        for (java.util.Map.Entry<String, Set<String>> e : defaultSwitches.entrySet()) {
            if (!lower.matches(e.getKey().replace("-", "\\-").replace("?", ".").replace("*", ".*"))) {
                continue;
            }
            for (String sw : e.getValue()) {
                String flag = "-" + sw;
                if (argv.stream().noneMatch(w -> w.text().equalsIgnoreCase(flag))) {
                    argv.add(Word.literal(flag));
                }
            }
        }
    }

    /** Cmdlets that write their piped input to a file. */
    private static final Set<String> WRITERS = Set.of("Out-File", "Set-Content", "Add-Content");

    /** A comma list of strings, bare or in {@code @( )}/{@code ( )}: the list in group 1 or 2. */
    private static final Pattern STRING_LIST = Pattern.compile("(?s)^\\s*(?:@?\\(\\s*([^()]*)\\s*\\)|([^()]*,[^()]*))\\s*$");
    /**
     * The items an index or slice ({@link #ARRAY_SLICE}) picks from {@code items}, in order
     * ({@code [2..0]} counts down, a negative index counts from the end), or null when the index
     * is not read or falls outside: the caller then keeps the argument dynamic.
     */
    private static List<String> slice(List<String> items, String index) {
        Matcher m = ARRAY_SLICE.matcher(index);
        if (!m.matches() || m.group(1).length() > 6 || m.group(3) != null && m.group(3).length() > 6) {
            return null;
        }
        int n = items.size();
        int from = Integer.parseInt(m.group(1));
        int to = m.group(3) == null ? from : Integer.parseInt(m.group(3));
        if (Math.abs(to - from) > n) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (int i = from; ; i += from <= to ? 1 : -1) {
            int at = i < 0 ? i + n : i;
            if (at < 0 || at >= n) {
                return null;
            }
            out.add(items.get(at));
            if (i == to) {
                return out;
            }
        }
    }

    /** A cast to an array of strings or objects: {@code [string[]]}, {@code [System.Object[]]}, {@code [array]}. */
    private static final Pattern ARRAY_CAST = Pattern.compile("(?i)^\\[(?:(?:System\\.)?(?:string|object)\\[\\]|array)\\]$");
    /** An index or slice of a variable's array by number ({@code [1]}, {@code [0..1]}, {@code [-1]}): groups 1 and 3. */
    private static final Pattern ARRAY_SLICE = Pattern.compile("^\\[(-?\\d+)(\\.\\.(-?\\d+))?\\]$");
    /** {@code (-join $v)} and {@code ($v -join SEP)}: the variable in group 1 or 2. */
    private static final Pattern JOIN_VARIABLE = Pattern.compile(
            "(?is)^\\(\\s*(?:-join\\s*(\\$[A-Za-z_][A-Za-z0-9_]*)|(\\$[A-Za-z_][A-Za-z0-9_]*)\\s*-join\\s*" + PsText.PLAIN_STRING + ")\\s*\\)$");

    /**
     * {@code (-join $p)} or {@code ($a -join '')} of a variable holding a list of plain strings
     * ({@link PsValues.Value#items}): the joined text, and whether the value is sound; null when the
     * text is no such join or the variable holds no such list.
     */
    private java.util.Map.Entry<String, Boolean> joinedVariable(String paren, Ctx ctx) {
        Matcher m = JOIN_VARIABLE.matcher(paren);
        if (!m.matches()) {
            return null;
        }
        PsValues.Known k = values.get(m.group(1) != null ? m.group(1) : m.group(2), inOrder(ctx));
        if (k == null || k.items() == null) {
            return null;
        }
        String text = String.join(m.group(1) != null ? "" : PsText.plainText(m, 3), k.items());
        return text.isEmpty() ? null : java.util.Map.entry(text, k.sound());
    }

    /** Quoted strings, the only piped input whose text a writer's file is known to hold. */
    private static final Set<Kind> QUOTED = Set.of(Kind.SQ, Kind.HERE_SQ, Kind.DQ, Kind.HERE_DQ);

    /** Cmdlets that take a path from the pipeline by value, as {@code -Path}. */
    private static final Set<String> PIPED_PATH = Set.of("Remove-Item", "Clear-Content", "Get-Item", "Get-ChildItem");
    /**
     * Cmdlets whose path parameter binds an item object's PSPath (or a path string) from the
     * pipeline: given the items of a listing ({@link #pipedItems}), they act on those paths.
     */
    private static final Set<String> PIPED_ITEM_PATH = Set.of("Get-Content", "Copy-Item", "Move-Item", "Remove-Item",
            "Clear-Content", "Set-Content", "Add-Content", "Rename-Item", "Compress-Archive", "Select-String",
            "Get-Item", "Get-ChildItem", "Invoke-Item", "Format-Hex", "Import-Csv", "Get-FileHash", "Unblock-File");
    /** Pass-through stages that keep a listing's items (or turn them into their full path): filters, sorts, selections of some. */
    private static final Set<String> PASS_THROUGH = Set.of("Where-Object", "Sort-Object", "Select-Object", "Group-Object");
    /** Select-Object's parameters that keep some of the objects, each taking a count; any other makes new objects. */
    private static final List<String> COUNTING_SELECTION = List.of("First", "Last", "Skip");

    /**
     * What the objects piped into the command being walked stand for, from the stages before it:
     * the items of a listing ({@link #listedItems}), seen through filters, sorts and selections
     * that keep them or give their full path ({@code gci ~/.ssh | ? Length -gt 0 | select
     * -ExpandProperty FullName}); null when not read here.
     */
    private List<Word> pipedItems(List<List<Part>> earlier) {
        int at = earlier.size() - 1;
        while (at > 0 && passesItems(earlier.get(at))) {
            at--;
        }
        List<Part> source = earlier.get(at);
        List<Word> held = loopItems(source);
        if (held == null) {
            held = literalObjectPath(source);
        }
        return held != null ? held : listing(ungrouped(source));
    }

    /** Cmdlets that delete or empty the items piped to them ({@link #unknownCmdlet}). */
    private static final Set<String> PIPED_DELETES = Set.of("Remove-Item", "Clear-Content");

    /**
     * True when the stage whose items reach the last of {@code earlier} (after filters and sorts,
     * {@link #passesItems}) is a cmdlet-shaped command no table knows ({@code Get-Foo},
     * {@code Invoke-Cleanup}): a module's or a function's, whose items are not read here.
     */
    private static boolean unknownCmdlet(List<List<Part>> earlier) {
        int at = earlier.size() - 1;
        while (at > 0 && passesItems(earlier.get(at))) {
            at--;
        }
        List<Part> source = earlier.get(at);
        if (source.isEmpty() || source.get(0).kind() != Kind.WORD || !commandLike(source.get(0).raw())) {
            return false;
        }
        String name = PsNames.canonical(PsText.bare(source.get(0).raw()));
        return PsNames.isCmdletLike(name) && !PsNames.isKnownCmdlet(name);
    }

    /** Properties that bind to a piped item cmdlet's path by name (Remove-Item's -Path, -LiteralPath and its aliases). */
    private static final Set<String> PATH_PROPERTIES = Set.of("path", "literalpath", "pspath", "lp", "fullname");

    /**
     * The path a literal object piped on names ({@code [pscustomobject]@{Path='.\build'}}): the
     * one path property's value (a plain string, or written from {@code $HOME} or an environment
     * variable), as {@code '.\build' | Remove-Item} sends it; null for anything else (two path
     * properties, a value computed or from another variable, several objects), which
     * {@link #unknownObjects} keeps unknown. WHY: the object form asked where {@code Remove-Item
     * .\build -Recurse} is allowed, and naming home in it must decide as the direct form.
     */
    private static List<Word> literalObjectPath(List<Part> stage) {
        // (the cast glued to the hashtable is read as the word `[pscustomobject]@` and a block)
        if (stage.size() != 2 || stage.get(0).kind() != Kind.WORD || !adjacent(stage.get(0), stage.get(1))
                || !(stage.get(1).kind() == Kind.HASH ? stage.get(0).raw() + "@" : stage.get(1).kind() == Kind.BLOCK ? stage.get(0).raw() : "")
                        .matches("(?i)\\[(?:(?:system\\.management\\.automation\\.)?pscustomobject)\\]@")) {
            return null;
        }
        String raw = stage.get(1).raw();
        String body = raw.substring(raw.startsWith("@") ? 2 : 1, raw.length() - 1).strip();
        Matcher m = HASH_ENTRY.matcher(body);
        List<Word> path = null;
        int at = 0;
        while (at < body.length()) {
            if (!m.find(at) || m.start() != at || m.end() == at) {
                return null;
            }
            String key = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            if (PATH_PROPERTIES.contains(key.toLowerCase(Locale.ROOT))) {
                List<Word> words = splatWords("@{" + key + "=" + m.group(4) + "}");
                if (path != null || words == null || words.size() < 2) {
                    return null;
                }
                path = words.subList(1, words.size());
                for (Word w : path) {
                    if (!w.literal() && !BELOW_KNOWN_VARIABLE.matcher(w.text()).matches()) {
                        return null;
                    }
                }
            }
            at = m.end();
        }
        return path;
    }

    /** A path written from {@code $HOME} or an environment variable alone ({@code $HOME\.ssh}, {@code $env:USERPROFILE}). */
    private static final Pattern BELOW_KNOWN_VARIABLE = Pattern.compile("(?i)^\\$(?:home|env:[A-Za-z_][A-Za-z0-9_]*)(?:[\\\\/][^$]*)?$");

    /** Members of a listed item, or of a Group-Object group of them, that stand for the items' paths. */
    private static final Pattern ITEM_MEMBER = Pattern.compile("(?i)^\\.(fullname|pspath|group)$");

    /**
     * The items a stage that is one loop variable sends on ({@code $_ | Get-Content} in a block over
     * a listing, {@code $_.Group | Get-Content} after Group-Object, {@code $f.FullName}): the
     * variable's known items; null when it is no such variable or stands for unknown objects
     * (which {@link #unknownObjects} reads).
     */
    private List<Word> loopItems(List<Part> stage) {
        if (stage.isEmpty() || stage.get(0).kind() != Kind.VARIABLE || stage.size() > 2
                || stage.size() == 2 && !(stage.get(1).kind() == Kind.WORD && adjacent(stage.get(0), stage.get(1))
                        && ITEM_MEMBER.matcher(PsText.bare(stage.get(1).raw())).matches())) {
            return null;
        }
        List<Word> items = loopValues.get(loopName(stage.get(0).raw()));
        return items == UNKNOWN_ITEMS ? null : items;
    }

    /**
     * The items a listing stage names ({@link #listedItems}), or those of a listing of a loop
     * variable's items ({@link #loopListing}); null when not read here.
     */
    private List<Word> listing(List<Part> stage) {
        List<Word> listed = listedItems(stage);
        return listed != null ? listed : loopListing(stage);
    }

    /**
     * {@code Get-ChildItem $d} (or {@code $d.FullName}) where {@code $d} is a loop variable whose
     * items are known ({@code foreach ($d in '~/.ssh') { foreach ($f in Get-ChildItem $d) … }}):
     * the children of each item ({@code ~/.ssh\*}), or the item itself for Get-Item,
     * Resolve-Path and Convert-Path; null for anything else (any other argument included).
     */
    private List<Word> loopListing(List<Part> stage) {
        stage = withoutListingSwitches(stage);
        if (stage.size() < 2 || stage.size() > 3 || stage.get(0).kind() != Kind.WORD) {
            return null;
        }
        String command = PsNames.canonical(PsText.bare(stage.get(0).raw()));
        boolean children = command.equals("Get-ChildItem");
        if (!children && !command.equals("Get-Item") && !command.equals("Resolve-Path") && !command.equals("Convert-Path")
                || adjacent(stage.get(0), stage.get(1))) {
            return null;
        }
        List<Word> items = loopItems(stage.subList(1, stage.size()));
        if (items == null || items.isEmpty()) {
            return null;
        }
        List<Word> out = new ArrayList<>();
        for (Word w : items) {
            String t = w.text();
            String sep = t.indexOf('/') >= 0 && t.indexOf('\\') < 0 ? "/" : "\\";
            String path = !children || t.matches(".*[*?\\[].*") && !t.endsWith("*") ? t
                    : t.endsWith("/") || t.endsWith("\\") ? t + "*" : t + sep + "*";
            out.add(new Word(path, path, w.literal(), w.features()));
        }
        return out;
    }

    /**
     * {@code stage} without its trailing {@link #LISTING_SWITCHES}, each a word of its own. WHY read
     * past them: {@code Get-ChildItem $_.FullName -File | Get-Content} over the home's folders reads
     * {@code ~\.ssh\id_rsa} as the bare listing does; -Force and -Hidden add hidden items, which
     * the children glob already names (PowerShell's {@code *} matches dot names).
     */
    private static List<Part> withoutListingSwitches(List<Part> stage) {
        int end = stage.size();
        while (end > 2 && stage.get(end - 1).kind() == Kind.WORD && !adjacent(stage.get(end - 2), stage.get(end - 1))) {
            PsParameterWord p = PsParameterWord.of(PsText.bare(stage.get(end - 1).raw()));
            if (!listingSwitch(p)) {
                break;
            }
            end--;
        }
        return stage.subList(0, end);
    }

    /**
     * The command inside a stage that is one parenthesised command ({@code (Get-ChildItem ~/.ssh) |
     * Get-Content} sends the same items as without the parentheses, {@code (…).FullName} their
     * full paths, which bind to -Path as the items do, as Resolve-Path's {@code (…).Path} and
     * {@code .ProviderPath} do); the stage itself otherwise.
     */
    private static List<Part> ungrouped(List<Part> stage) {
        int end = stage.size();
        if (end > 3 && stage.get(end - 1).kind() == Kind.WORD && adjacent(stage.get(end - 2), stage.get(end - 1))
                && stage.get(end - 1).raw().matches("(?i)\\.(fullname|pspath|path|providerpath)")) {
            end--; // `(gci ~/.ssh).Where({ … }).FullName`: the kept items' full paths
        }
        while (end >= 3 && stage.get(end - 1).kind() == Kind.PAREN && stage.get(end - 2).kind() == Kind.WORD
                && adjacent(stage.get(end - 2), stage.get(end - 1)) && adjacent(stage.get(end - 3), stage.get(end - 2))
                && PsText.bare(stage.get(end - 2).raw()).equalsIgnoreCase(".where")) {
            end -= 2; // `(gci ~/.ssh).Where({ … })` keeps some of the items
        }
        if (end < stage.size()) {
            List<Part> kept = stage.subList(0, end);
            List<Part> inner = ungrouped(kept);
            return inner == kept ? stage : inner;
        }
        boolean fullPath = stage.size() == 2 && stage.get(1).kind() == Kind.WORD && adjacent(stage.get(0), stage.get(1))
                && stage.get(1).raw().matches("(?i)\\.(fullname|pspath|path|providerpath)");
        if (stage.size() != 1 && !fullPath || stage.get(0).kind() != Kind.PAREN || stage.get(0).group() == null) {
            return stage;
        }
        PowerShellParser.BlockContext block = body(stage.get(0));
        if (block == null || block.statement().size() != 1 || block.statement(0).pipeline().size() != 1
                || block.statement(0).pipeline(0).command().size() != 1) {
            return stage;
        }
        return parts(block.statement(0).pipeline(0).command(0));
    }

    /** The collection methods that run a block once per item, {@code $_} the item. */
    private static final Pattern COLLECTION_METHOD = Pattern.compile("(?i)^\\.(foreach|where)$");

    /**
     * The items whose {@code .ForEach(…)} or {@code .Where(…)} argument list is {@code parts[at]}:
     * those of the listing group before the method ({@code (Get-ChildItem ~/.ssh).ForEach}, also
     * after {@code .Where(…)} filters), or null.
     */
    private List<Word> collectionItems(List<Part> parts, int at, Ctx ctx) {
        if (at < 1 || parts.get(at - 1).kind() != Kind.WORD || !adjacent(parts.get(at - 1), parts.get(at))
                || !COLLECTION_METHOD.matcher(PsText.bare(parts.get(at - 1).raw())).matches()) {
            return null;
        }
        List<Part> target = parts.subList(0, at - 1);
        if (target.isEmpty()) {
            return null;
        }
        List<Part> inner = target.get(0).kind() == Kind.PAREN ? ungrouped(target) : target;
        List<Word> listed = inner != target ? listing(inner) : null;
        if (listed != null) {
            return listed;
        }
        // `('~').ForEach{ … }`, `'~'.ForEach{ … }`, `@('a','b').ForEach({ … })`, `$p.ForEach{ … }`:
        // the method runs its block once per string, $_ bound to it as a piped ForEach-Object's is
        // (a grouped array of strings is read whole, `("$HOME\.ssh")` by its inner string)
        List<List<Part>> values = pipedValues(target);
        if (values == null && inner != target) {
            values = pipedValues(inner);
        }
        return values == null ? null : plainItems(values, ctx, ctx);
    }

    /**
     * The words {@code $_} stands for when {@code values} ({@link #pipedValues}) are handed one by
     * one to a block: each plain string or number as written, a variable's {@link #heldItem}; null
     * when any value is not read ({@code "$x"}, a computed value).
     */
    private List<Word> plainItems(List<List<Part>> values, Ctx ctx, Ctx wordCtx) {
        if (!values.stream().allMatch(v -> v.get(0).kind() == Kind.SQ
                || v.get(0).kind() == Kind.DQ && KNOWN_PATH_STRING.matcher(v.get(0).raw()).matches() && (v.size() == 1 || v.get(0).raw().indexOf('$') < 0)
                // `7200 | % { Start-Sleep $_ }`: a plain number piped is $_ as typed
                || v.size() == 1 && v.get(0).kind() == Kind.WORD && PIPED_NUMBER.matcher(v.get(0).raw()).matches()
                || v.get(0).kind() == Kind.VARIABLE && heldItem(v.get(0), ctx) != null)) {
            return null;
        }
        // (`$HOME | % { … }`, `$env:USERPROFILE | % { … }`: $_ is that folder, as written in its place)
        List<Word> items = new ArrayList<>();
        for (List<Part> v : values) {
            Word w = v.get(0).kind() == Kind.VARIABLE ? heldItem(v.get(0), ctx) : word(v, wordCtx, false, Provenance.COMPOUND).word();
            if (!w.literal() && v.get(0).kind() != Kind.VARIABLE && v.get(0).raw().indexOf('$') < 0) {
                return null;
            }
            items.add(w);
        }
        return items;
    }

    /** True for a stage that sends on the items it gets, or their full paths ({@link #PASS_THROUGH}). */
    private static boolean passesItems(List<Part> stage) {
        if (stage.isEmpty() || stage.get(0).kind() != Kind.WORD) {
            return false;
        }
        String command = PsNames.canonical(PsText.bare(stage.get(0).raw()));
        if (command.equals("ForEach-Object")) {
            // `% FullName`, `% -MemberName PSPath`: each item's full path, which binds to -Path as the item does
            List<Part> rest = stage.subList(1, stage.size());
            PsParameterWord member = rest.size() == 2 && rest.get(0).kind() == Kind.WORD && !adjacent(rest.get(0), rest.get(1))
                    ? PsParameterWord.of(PsText.bare(rest.get(0).raw())) : null;
            if (member != null && member.value() == null && member.spells("MemberName", 2)) {
                rest = rest.subList(1, 2);
            }
            return rest.size() == 1 && rest.get(0).kind() == Kind.WORD
                    && PsText.bare(rest.get(0).raw()).matches("(?i)fullname|pspath");
        }
        if (!PASS_THROUGH.contains(command)) {
            return false;
        }
        if (!command.equals("Select-Object")) {
            // (Group-Object's groups hold the items, read through `$_.Group`: ITEM_MEMBER)
            return true;
        }
        for (int i = 1; i < stage.size(); i++) {
            Part p = stage.get(i);
            PsParameterWord t = p.kind() == Kind.WORD ? PsParameterWord.of(PsText.bare(p.raw())) : null;
            if (t == null || i + 1 < stage.size() && adjacent(p, stage.get(i + 1))) {
                return false;
            }
            if (t.spells("Unique", 2) && !t.switchedOff(null)) {
                continue;
            }
            String next = i + 1 < stage.size() && stage.get(i + 1).kind() == Kind.WORD ? PsText.bare(stage.get(i + 1).raw()) : "";
            if (t.value() == null || t.value().isEmpty()) {
                i += next.isEmpty() ? 0 : 1;
            }
            String value = t.valueOr(next);
            boolean counted = COUNTING_SELECTION.stream().anyMatch(c -> t.spells(c, 1)) && value.matches("[0-9]+");
            // `-ExpandProperty FullName`: the item's full path, which binds to -Path as the item does
            boolean fullPath = t.spells("ExpandProperty", 1) && value.matches("(?i)fullname|pspath");
            if (!counted && !fullPath) {
                return false;
            }
        }
        return true;
    }

    /** Write-Output and its built-in aliases: they send their arguments down the pipeline unchanged. */
    static final Pattern ECHO = Pattern.compile("(?i)(Microsoft\\.PowerShell\\.Utility\\\\)?Write-Output|echo|write");

    /**
     * The values of a pipeline stage that is only literal strings or variables
     * ({@code 'C:\\'}, {@code $HOME}, {@code 'a','b'}), or null.
     */
    private static List<List<Part>> pipedValues(List<Part> stage) {
        List<List<Part>> values = new ArrayList<>();
        List<List<Part>> args = arguments(stage);
        if (args.size() > 1 && args.get(0).size() == 1 && args.get(0).get(0).kind() == Kind.WORD
                && ECHO.matcher(PsText.bare(args.get(0).get(0).raw())).matches()) {
            // `Write-Output 'C:\\' | …` sends the same strings as `'C:\\' | …`
            args = args.subList(1, args.size());
        }
        for (List<Part> written : args) {
            // `1, 7200 | % { … }`: a list's commas separate its items, glued to a number or not
            List<Part> arg = new ArrayList<>();
            for (Part p : written) {
                if (p.kind() == Kind.WORD && NUMBER_LIST.matcher(p.raw()).matches()) {
                    for (String n : p.raw().split(",")) {
                        if (!n.isEmpty()) {
                            arg.add(new Part(Kind.WORD, p.start(), p.stop(), n, null));
                        }
                    }
                } else if (p.kind() != Kind.COMMA) {
                    arg.add(p);
                }
            }
            if (arg.isEmpty()) {
                continue;
            }
            if (arg.size() > 1 && arg.stream().allMatch(p -> p.kind() == Kind.WORD && PIPED_NUMBER.matcher(p.raw()).matches())) {
                arg.forEach(p -> values.add(List.of(p)));
                continue;
            }
            List<Word> strings = arg.size() == 1 && (arg.get(0).kind() == Kind.ARRAY || arg.get(0).kind() == Kind.PAREN)
                    ? PsCarriers.arrayOfLiterals(arg.get(0).raw()) : null;
            if (strings != null) {
                // @('C:\\Users') | …: the array's plain strings, each as a single-quoted literal
                Part p = arg.get(0);
                for (Word w : strings) {
                    // (a number item, `@(1, 7200)`, stays the number it is typed as)
                    values.add(List.of(PsCarriers.isNumberItem(w) ? new Part(Kind.WORD, p.start(), p.stop(), w.text(), null)
                            : new Part(Kind.SQ, p.start(), p.stop(), "'" + w.text().replace("'", "''") + "'", null)));
                }
                continue;
            }
            // (`7200 | % { Start-Sleep $_ }`: a plain number literal sends itself)
            if (arg.size() != 1 || !Set.of(Kind.SQ, Kind.DQ, Kind.HERE_SQ, Kind.HERE_DQ, Kind.VARIABLE).contains(arg.get(0).kind())
                    && !(arg.get(0).kind() == Kind.WORD && PIPED_NUMBER.matcher(arg.get(0).raw()).matches())) {
                return null;
            }
            values.add(arg);
        }
        return values.isEmpty() ? null : values;
    }

    /** One string literal of a concatenation: single-quoted without quotes inside, or double-quoted without expansions. */
    private static final Pattern CONCAT_PART = Pattern.compile("\\s*(?:'([^'\u2018\u2019\u201A\u201B]*)'|\"([^\"`$\u201C\u201D\u201E']*)\")\\s*");

    /**
     * The joined text of a parenthesised concatenation of string literals
     * ({@code ('Remove' + '-Item')}), a {@code -join} of them, or any other value {@link PsConstants} computes
     * from literals; null when any part is not read.
     */
    static String concatenation(String paren) {
        if (paren.length() < 2 || paren.charAt(0) != '(' || paren.charAt(paren.length() - 1) != ')') {
            return null;
        }
        StringBuilder out = new StringBuilder();
        for (String piece : paren.substring(1, paren.length() - 1).split("\\+", -1)) {
            Matcher m = CONCAT_PART.matcher(piece);
            if (!m.matches()) {
                // ('a' -join …), then [char] codes, [string]::Join, -replace of literals (PsConstants)
                String joined = joined(paren);
                return joined != null ? joined : PsConstants.fold(paren);
            }
            out.append(m.group(1) != null ? m.group(1) : m.group(2));
        }
        return out.length() == 0 ? null : out.toString();
    }

    /** {@code (-join (LIST))} and {@code (-join LIST)}: the list in group 1. */
    private static final Pattern JOIN_UNARY = Pattern.compile("(?s)^\\(\\s*-join\\s*(?:\\((.*)\\)|([^()]*))\\s*\\)$");
    /** {@code ((LIST) -join SEP)} and {@code (LIST -join SEP)}: the list in group 1 or 2, the separator after. */
    private static final Pattern JOIN_BINARY = Pattern.compile(
            "(?s)^\\(\\s*(?:\\(([^()]*)\\)|([^()]*?))\\s*-join\\s*" + PsText.PLAIN_STRING + "\\s*\\)$");

    /**
     * The joined text of a parenthesised {@code -join} of plain string literals
     * ({@code (-join ('Remo','ve-Item'))}, {@code ('Remo','ve-Item' -join '')}), or null: the
     * operator's result is fixed when every piece and the separator are literal.
     */
    private static String joined(String paren) {
        Matcher m = JOIN_UNARY.matcher(paren);
        String list;
        String separator = "";
        if (m.matches()) {
            list = m.group(1) != null ? m.group(1) : m.group(2);
        } else {
            m = JOIN_BINARY.matcher(paren);
            if (!m.matches()) {
                return null;
            }
            list = m.group(1) != null ? m.group(1) : m.group(2);
            separator = PsText.plainText(m, 3);
        }
        List<String> items = PsText.plainStringList(list);
        if (items == null) {
            return null;
        }
        String out = String.join(separator, items);
        return out.isEmpty() ? null : out;
    }

    /** One command in argument mode: a segment, then whatever its words and payloads contain. */
    private void command(List<List<Part>> args, Ctx ctx, Position pos) {
        List<List<Part>> piped = pipedValues;
        pipedValues = null;
        boolean unknownObjects = unknownPipedObjects;
        unknownPipedObjects = false;
        List<Word> listed = unknownPipedObjects || earlierStages == null ? null : pipedItems(earlierStages);
        int pipedCount = earlierStages == null || earlierStages.isEmpty() ? 0 : itemCount(earlierStages.get(earlierStages.size() - 1));
        boolean unknownProducer = listed == null && piped == null && !unknownObjects && earlierStages != null
                && unknownCmdlet(earlierStages);
        earlierStages = null;
        boolean usesUnknownItems = false;
        boolean lookedUp = lookedUpName;
        lookedUpName = false;
        int id = reserve();
        Ctx child = new Ctx(id, ctx.depth() + 1, Provenance.COMMAND_SUBSTITUTION, ctx.wrappers());
        Set<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
        List<Word> argv = new ArrayList<>();
        List<Redirect> redirects = new ArrayList<>();

        // The command name decides how script-block arguments are read.
        Built name = word(args.get(0), child, false, Provenance.COMPOUND);
        String canonical = null;
        boolean aliased = false;
        Word nameWord = name.word();
        if (nameWord.literal()) {
            // `NPX`, `Npm`, `npx.ps1` looked up on the PATH are npx and npm (PsNames.nativeName)
            canonical = PsNames.nativeName(PsNames.canonical(nameWord.text()));
            String target = aliasTarget(nameWord.text());
            if (target != null && !target.isEmpty()) {
                // `Set-Alias x Remove-Item; x …` runs Remove-Item: the segment is the alias's target
                // (still USER_FUNCTION, added after the carriers read it)
                aliased = true;
                canonical = PsNames.nativeName(PsNames.canonical(target));
            }
            nameWord = new Word(canonical, nameWord.raw(), true, nameWord.features());
            if (!aliased && userCommands.contains(nameWord.raw().toLowerCase(Locale.ROOT))
                    || userCommands.contains(canonical.toLowerCase(Locale.ROOT))) {
                reasons.add(OpaqueReason.USER_FUNCTION);
            }
        } else {
            reasons.add(OpaqueReason.DYNAMIC_COMMAND);
        }
        argv.add(nameWord);
        String base = canonical == null ? "" : PsNames.nativeBase(canonical);
        Provenance blockProv = base.equals("powershell") || base.equals("pwsh")
                ? Provenance.SHELL_PAYLOAD : Provenance.COMPOUND;
        boolean cmdlet = canonical != null && PsNames.isCmdletLike(canonical);
        // ForEach-Object's blocks see each piped plain string as $_
        List<Word> forEachItems = piped != null && "ForEach-Object".equals(canonical) ? plainItems(piped, ctx, child) : null;
        if (canonical != null && BLOCK_ARGUMENT_RUNNERS.contains(canonical)) {
            runnerBindings(args, child);
        }
        if (forEachItems == null && "ForEach-Object".equals(canonical)) {
            // `$t | % { Stop-Process -Id $_.Id }`: objects of unknown source; `gci ./build | % { … }`:
            // each is an item of the folder listed
            // (`Resolve-Path ~/.aws/* | % { … }` sends path strings, unknown to unknownObjects, which listedItems reads)
            forEachItems = listed != null ? listed : unknownObjects ? UNKNOWN_ITEMS : null;
        }

        for (int k = 1; k < args.size(); k++) {
            List<Part> arg = args.get(k);
            Part head = arg.get(0);
            switch (head.kind()) {
                case COMMA -> {
                }
                case AMP -> throw new SyntaxProblem("`&` in argument position");
                case STOP -> {
                    argv.add(new Word(head.raw(), head.raw(), false, Set.of()));
                    reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
                }
                case REDIRECT -> {
                    Redirect r = redirect(head.raw(), k + 1 < args.size() ? args.get(k + 1) : null, child);
                    if (!r.op().equals(">&")) {
                        k++;
                    }
                    if (!r.target().literal()) {
                        reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
                    }
                    redirects.add(r);
                }
                default -> {
                    List<Part> value = arg;
                    if (cmdlet && head.kind() == Kind.WORD) {
                        Matcher m = PARAM_COLON.matcher(head.raw());
                        if (m.find()) {
                            String p = m.group(1);
                            argv.add(new Word(PsText.leadingDash(PsText.bare(p)), p + ":", true, Set.of()));
                            String rest = head.raw().substring(m.end());
                            value = new ArrayList<>();
                            if (!rest.isEmpty()) {
                                value.add(new Part(Kind.WORD, head.start() + m.end(), head.stop(), rest, null));
                            }
                            value.addAll(arg.subList(1, arg.size()));
                        }
                    }
                    if (!value.isEmpty()) {
                        Kind k0 = value.get(0).kind();
                        if (k0 != Kind.WORD && unsafeCall(value, false, ctx)) {
                            reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
                        }
                        // `$_`, and `$_.FullName` of a listed item: its path
                        List<Word> items = value.get(0).kind() == Kind.VARIABLE && (value.size() == 1 || value.size() == 2
                                && value.get(1).kind() == Kind.WORD && adjacent(value.get(0), value.get(1))
                                && FULL_PATH_PROPERTY.matcher(PsText.bare(value.get(1).raw())).matches())
                                ? loopValues.get(loopName(value.get(0).raw())) : null;
                        Matcher index = value.size() == 2 && value.get(0).kind() == Kind.VARIABLE && value.get(1).kind() == Kind.WORD
                                && adjacent(value.get(0), value.get(1)) && loopName(value.get(0).raw()).equals("args")
                                ? ARGS_INDEX.matcher(value.get(1).raw()) : null;
                        if (index != null && index.matches()) {
                            // `& { Remove-Item $args[0] … } ~`: the block's first argument
                            items = loopValues.get("args[" + Integer.parseInt(index.group(1)) + "]");
                        }
                        if (items == UNKNOWN_ITEMS || items == null && refersToUnknownItems(value)) {
                            usesUnknownItems = true;
                            items = null;
                        }
                        // (only where a path binds items: a location set from a group stays unknown)
                        List<Word> grouped = items == null && !usesUnknownItems && value.get(0).kind() == Kind.PAREN
                                && canonical != null && PIPED_ITEM_PATH.contains(canonical)
                                && ungrouped(value) != value ? listedItems(ungrouped(value)) : null;
                        if (grouped != null) {
                            // `Remove-Item (Get-Item ~).FullName`, `(Resolve-Path ~).Path`: the items the
                            // listing in the group names (its command still walked where it stands)
                            word(value, child, false, blockProv);
                            argv.addAll(grouped);
                            break;
                        }
                        if (items != null) {
                            // `'C:\\','D:\\' | % { Remove-Item $_ … }`: the block runs once per value
                            argv.addAll(items);
                            break;
                        }
                        PsValues.Known held = value.size() == 1 && value.get(0).kind() == Kind.VARIABLE
                                ? values.get(value.get(0).raw(), inOrder(ctx)) : null;
                        if (held != null && held.path() != null) {
                            // `$p = $HOME; Remove-Item $p -Recurse`: the folder as written from its variable;
                            // a value not sound (`$p = $PROFILE; Set-Content $p 'iex …'` names iex, which may
                            // write variables) is that path as an extra reading, the argument dynamic
                            if (!held.sound()) {
                                reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
                            }
                            argv.add(new Word(held.path(), value.get(0).raw(), false, Set.of(WordFeature.PARAMETER)));
                            break;
                        }
                        boolean native_ = canonical != null && !cmdlet && !reasons.contains(OpaqueReason.USER_FUNCTION);
                        if (native_ && held != null && held.items() != null) {
                            // `$a = 'push','--force'; git $a`: a program (no cmdlet, which binds the
                            // array to one parameter) gets each string as an argument of its own
                            if (!held.sound()) {
                                reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
                            }
                            held.items().forEach(s -> argv.add(Word.literal(s)));
                            break;
                        }
                        PsValues.Known sliced = native_ && value.size() == 2 && value.get(0).kind() == Kind.VARIABLE
                                && value.get(1).kind() == Kind.WORD && adjacent(value.get(0), value.get(1))
                                && value.get(1).raw().startsWith("[") ? values.get(value.get(0).raw(), inOrder(ctx)) : null;
                        if (sliced != null && sliced.items() != null) {
                            // `git $a[0..1]`: the strings the index or slice picks, each an argument;
                            // an index not read or a value not sound leaves the argument dynamic
                            List<String> picked = sliced.sound() ? slice(sliced.items(), value.get(1).raw()) : null;
                            if (picked == null) {
                                reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
                                picked = sliced.items();
                            }
                            picked.forEach(s -> argv.add(Word.literal(s)));
                            break;
                        }
                        List<Word> nativeArray = native_ && value.size() <= 2 && (value.get(value.size() - 1).kind() == Kind.ARRAY
                                || value.get(value.size() - 1).kind() == Kind.PAREN)
                                && (value.size() == 1 || value.get(0).raw().equals("@"))
                                ? PsCarriers.arrayOfStrings(source(value)) : null;
                        if (nativeArray != null) {
                            // `git @('push', '--force')`: the array's strings, each an argument of the program
                            argv.addAll(nativeArray);
                            break;
                        }
                        String folded = native_ && value.size() == 1 && value.get(0).kind() == Kind.PAREN
                                ? concatenation(value.get(0).raw()) : null;
                        if (folded != null) {
                            // `git push ('--' + 'force')`, `('--{0}' -f 'force')`: the string the literals make
                            argv.add(Word.literal(folded));
                            break;
                        }
                        if (held != null && held.string() != null && (held.sound() || "Invoke-Expression".equals(canonical))) {
                            // `$p = 'README.md'; Get-Content $p`: the string the variable holds, as typed
                            // when sound; otherwise the word stays as written (a variable), except
                            // that Invoke-Expression reads the string besides while it asks (DYNAMIC_EVAL)
                            argv.add(new Word(held.string(), value.get(0).raw(), held.sound(),
                                    Set.of(WordFeature.SINGLE_QUOTED, WordFeature.RESOLVED_VARIABLE)));
                            break;
                        }
                        // (`$a[1]`, `$h.a`, `$h['a']`: an item of the literal the variable holds, PsValues#source)
                        List<Part> parts0 = value;
                        boolean item = parts0.size() > 1 && parts0.get(0).kind() == Kind.VARIABLE
                                && parts0.stream().skip(1).allMatch(p -> p.kind() == Kind.WORD || p.kind() == Kind.SQ)
                                && java.util.stream.IntStream.range(1, parts0.size()).allMatch(i -> adjacent(parts0.get(i - 1), parts0.get(i)));
                        double inline = (value.size() == 1 && value.get(0).kind() == Kind.PAREN || item) && "Start-Sleep".equals(canonical)
                                ? number(item ? source(value) : value.get(0).raw(), inOrder(ctx)) : Double.NaN;
                        if (!Double.isNaN(inline)) {
                            // `Start-Sleep ((1, (2, 5))[1][1])`, `-Milliseconds ($d * 1000)`: the duration the
                            // one expression reader computes, as typed (read long or short alike; an
                            // expression not read stays a group, which the sleep rule reads as long)
                            String n = dev.shellwarden.grammar.Arithmetic.text(inline);
                            argv.add(new Word(n, value.get(0).raw(), false, Set.of(WordFeature.COMMAND_SUBSTITUTION)));
                            break;
                        }
                        // (an older string held, not sound, is no reading either: `$d = 1; $r = [ref]$d;
                        // $r.Value = 7200` leaves the `1` behind, which must not stand for the sleep)
                        if (value.size() == 1
                                && value.get(0).kind() == Kind.VARIABLE && "Start-Sleep".equals(canonical)
                                && values.lost(value.get(0).raw(), inOrder(ctx))) {
                            // `$d = 1; $d = (1, 7200)[$i]; Start-Sleep $d`: a duration this text computed
                            // in a way not read here is an expression, as `Start-Sleep ((1, 7200)[$i])`
                            // is (fail closed), not a value from outside such as `Start-Sleep $delay`
                            argv.add(new Word("(" + value.get(0).raw() + ")", value.get(0).raw(), false,
                                    Set.of(WordFeature.COMMAND_SUBSTITUTION)));
                            break;
                        }
                        List<Word> splatted = value.size() == 1 && value.get(0).kind() == Kind.SPLAT
                                ? hashes.get(value.get(0).raw().substring(1).toLowerCase(Locale.ROOT)) : null;
                        boolean soundArray = false;
                        if (splatted == null && value.size() == 1 && value.get(0).kind() == Kind.SPLAT) {
                            // `$a = '-Recurse','-Force'; Remove-Item ~ @a`: the array's strings are the arguments
                            PsValues.Known array = values.get("$" + value.get(0).raw().substring(1), inOrder(ctx));
                            splatted = array == null ? null : array.items() != null
                                    ? array.items().stream().map(Word::literal).toList()
                                    : array.string() != null && array.command() != null && array.string().equals(array.command())
                                    ? List.of(Word.literal(array.string())) : null;
                            // (a program given an array assigned once, as `git $a` is: its strings as written)
                            soundArray = native_ && array != null && array.items() != null && array.sound();
                        }
                        if (splatted != null) {
                            // `$a = @{FilePath='cmd'; …}; Start-Process @a`: the hashtable's literal
                            // entries are the parameters (the variable could still change: opaque too)
                            if (!soundArray) {
                                reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
                            }
                            argv.addAll(splatted);
                            break;
                        }
                        // (`-Path:@(…)` leaves the `@` a word of its own before the group)
                        Part group = value.get(value.size() - 1);
                        boolean array = value.size() == 1 || value.size() == 2 && value.get(0).raw().equals("@") && adjacent(value.get(0), group);
                        List<Word> strings = canonical != null && PIPED_PATH.contains(canonical) && array
                                && (group.kind() == Kind.ARRAY || group.kind() == Kind.PAREN)
                                ? PsCarriers.arrayOfStrings((value.size() == 2 ? "@" : "") + group.raw()) : null;
                        if (strings != null) {
                            // `Remove-Item -Path @('.\bin', 'C:\')`: each string is a path, as `-Path .\bin, C:\` is
                            argv.addAll(strings);
                            break;
                        }
                        blockItems = forEachItems;
                        Built[] walkedArg = new Built[1];
                        List<Part> arg0 = value;
                        try {
                            // ForEach-Object runs its block in this scope once per piped item: a flat block
                            // after a counted stage (`1..3 | % { $d *= 60 }`) steps the variable pass by pass
                            int times = "ForEach-Object".equals(canonical) && value.size() == 1 && flatBlock(value.get(0)) ? pipedCount : 0;
                            values.inBlock(times, () -> walkedArg[0] = word(arg0, child, false, blockProv));
                        } finally {
                            blockItems = null;
                        }
                        Built b = walkedArg[0];
                        if (b.splat()) {
                            reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
                        }
                        Word w = b.word();
                        String carried = w.literal() ? w.text() : values.carriedText(w.text());
                        if (!carried.equals(w.text())) {
                            // `$u = 'https://x.example/?t=' + $env:GITHUB_TOKEN; irm $u`, `$i = $PID;
                            // Stop-Process $i`: the word read with what the variable carries, as typed
                            // inline (dynamic still)
                            w = new Word(carried, w.raw(), false, w.features());
                        }
                        argv.add(w);
                    }
                }
            }
        }
        if (canonical != null && cmdlet && !defaultSwitches.isEmpty()) {
            defaultSwitchesFor(canonical, argv);
        }
        if (piped != null && canonical != null && PIPED_PATH.contains(canonical)) {
            // `'C:\\' | Remove-Item -Recurse` removes C:\\ as `Remove-Item C:\\ -Recurse` does: the
            // piped values stand as the path operands right after the name
            int at = 1;
            for (List<Part> v : piped) {
                // (`$h = [Environment]::GetFolderPath('UserProfile'); $h | Remove-Item`: what the variable holds)
                Word held = v.size() == 1 && v.get(0).kind() == Kind.VARIABLE ? heldItem(v.get(0), ctx) : null;
                argv.add(at++, held != null ? held : word(v, child, false, Provenance.COMPOUND).word());
            }
        } else if (listed != null && canonical != null && PIPED_ITEM_PATH.contains(canonical)) {
            // `Get-ChildItem ~/.ssh | Get-Content` reads each item as `Get-Content ~/.ssh/*` does:
            // the items bind to the path parameter by their PSPath
            argv.addAll(1, listed);
        } else if (unknownProducer && canonical != null && PIPED_DELETES.contains(canonical)) {
            // `Get-Foo | Remove-Item -Recurse -Force`: a cmdlet no table knows sends items nobody
            // sees, read as the direct `Remove-Item $x -Recurse -Force` of an unknown $x (asks)
            argv.add(1, new Word("$input", "$input", false, Set.of(WordFeature.PARAMETER)));
        }
        if (canonical != null) {
            if (PsNames.runsBlocks(canonical) && runsDynamicBlock(argv)) {
                reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
            }
            // only a quoted string without expansions: walking it again adds no segment
            pipedInput = piped != null && piped.size() == 1 && piped.get(0).size() == 1 && WRITERS.contains(canonical)
                    && QUOTED.contains(piped.get(0).get(0).kind())
                    && (piped.get(0).get(0).kind() == Kind.SQ || piped.get(0).get(0).kind() == Kind.HERE_SQ || piped.get(0).get(0).raw().indexOf('$') < 0)
                    ? word(piped.get(0), child, false, Provenance.COMPOUND).word() : null;
            try {
                carriers.apply(canonical, argv, redirects, id, ctx, pos, reasons);
            } finally {
                pipedInput = null;
            }
        } else {
            // `. "$PWD\x.ps1"` after `Set-Content x.ps1 '…'`: the written script (the call stays dynamic)
            carriers.computedScript(name.word(), id, ctx, reasons);
        }
        if (aliased && !knownAlias(name.word().text())) {
            reasons.add(OpaqueReason.USER_FUNCTION);
        }
        if (!aliased && nameWord.literal() && argv.size() == 1 && redirects.isEmpty() && pos.stages() == 1 && !pos.background()
                && reasons.contains(OpaqueReason.USER_FUNCTION)
                && staticFunctions.containsKey(name.word().text().toLowerCase(Locale.ROOT))) {
            staticCalls.add(java.util.Map.entry(id, name.word().text().toLowerCase(Locale.ROOT)));
        }
        // (Stop-Job, Remove-Job: a session's jobs are its own, whatever object names them)
        if (cmdlet && DESTRUCTIVE_VERBS.contains(canonical.substring(0, Math.max(0, canonical.indexOf('-'))).toLowerCase(Locale.ROOT))
                && !canonical.endsWith("-Job")
                && (unknownObjects || usesUnknownItems || computedInputObject(argv)) && !dryRun(argv)) {
            // `$t | Stop-Process -Force`, `Stop-Process -InputObject $p`: what is stopped or removed
            // depends on objects nobody can see here
            reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
        }
        if (lookedUp) {
            reasons.add(OpaqueReason.DYNAMIC_COMMAND);
        }
        if (dev.shellwarden.grammar.ProcPrograms.programKind(argv) != dev.shellwarden.grammar.ProcPrograms.Kind.FILE) {
            // `& /proc/self/exe -c …` starts pwsh itself, `/dev/fd/3` a descriptor's file: no program the text shows
            reasons.add(OpaqueReason.DYNAMIC_COMMAND);
        }
        out.set(id, new Segment(id, ctx.parent(), ctx.depth(), ctx.prov(), ctx.wrappers(), argv,
                List.of(), redirects, List.<Heredoc>of(), pos, reasons));
    }

    /**
     * True when a script-block runner gets its block from a variable or expression: the first
     * positional argument, or the value of -ScriptBlock/-FilterScript/-Process/-Begin/-End.
     */
    private static boolean runsDynamicBlock(List<Word> argv) {
        boolean positionalSeen = false;
        for (int i = 1; i < argv.size(); i++) {
            Word w = argv.get(i);
            String t = w.text().toLowerCase(Locale.ROOT);
            Word before = argv.get(i - 1);
            if (i > 1 && before.literal() && before.text().startsWith("-") && before.text().length() > 1
                    && !(w.literal() && t.startsWith("-"))) {
                continue; // the value of the parameter before it (-ComputerName $srv)
            }
            if (w.literal() && t.startsWith("-") && t.length() > 1) {
                String n = t.substring(1);
                boolean blockParam = n.length() >= 2 && ("scriptblock".startsWith(n)
                        || "filterscript".startsWith(n) || "process".startsWith(n)
                        || "begin".startsWith(n) || "end".startsWith(n)
                        || "remainingscripts".startsWith(n));
                if (blockParam && i + 1 < argv.size() && !argv.get(i + 1).literal()) {
                    return true;
                }
                continue;
            }
            if (!positionalSeen && !w.literal() && !w.raw().startsWith("{")) {
                return true;
            }
            positionalSeen = true;
        }
        return false;
    }

    private Redirect redirect(String raw, List<Part> next, Ctx child) {
        int amp = raw.indexOf(">&");
        char c0 = raw.charAt(0);
        int fd = Character.isDigit(c0) ? c0 - '0' : -1;
        if (amp >= 0) {
            return new Redirect(">&", fd, Word.literal(raw.substring(amp + 2)));
        }
        if (next == null || next.get(0).kind() == Kind.COMMA || next.get(0).kind() == Kind.REDIRECT
                || next.get(0).kind() == Kind.STOP) {
            throw new SyntaxProblem("redirection without a target");
        }
        String op = Character.isDigit(c0) || c0 == '*' ? raw.substring(1) : raw;
        if (c0 == '*') {
            op = "&" + op;
        }
        Word target = word(next, child, false, Provenance.COMPOUND).word();
        if (target.literal() && target.text().indexOf('\\') >= 0) {
            // PowerShell separates path names with either slash: `> .git\hooks\pre-commit` is the
            // file the write rules know as `.git/hooks/pre-commit`
            target = new Word(target.text().replace('\\', '/'), target.raw(), true, target.features());
        }
        return new Redirect(op, fd, target);
    }

    // ---- keywords ---------------------------------------------------------------------------

    private void keyword(String kw, List<Part> parts, Ctx ctx, Position pos) {
        Ctx body = new Ctx(ctx.parent(), ctx.depth() + 1, Provenance.COMPOUND, ctx.wrappers());
        List<Part> rest = parts.subList(1, parts.size());
        switch (kw) {
            case "function", "filter", "workflow", "configuration" -> {
                String defined = !rest.isEmpty() && rest.get(0).kind() == Kind.WORD
                        ? rest.get(0).raw().toLowerCase(Locale.ROOT) : null;
                boolean sure = kw.equals("function") && defined != null && rest.size() == 2
                        && rest.get(1).kind() == Kind.BLOCK && !redefined.contains(defined) && topStatement(ctx, pos)
                        && defined.matches("[a-z][a-z0-9_-]*") && !STATEFUL_BODY.matcher(rest.get(1).raw()).find();
                if (defined != null && !redefined.add(defined)) {
                    staticFunctions.remove(defined);
                }
                for (Part p : rest) {
                    if (p.kind() == Kind.BLOCK) {
                        int from = out.size();
                        // a function's plain assignments are its own ($script:d is the caller's)
                        values.inChildScope(() -> walkBlock(body(p), body.with(Provenance.FUNCTION_BODY), Mode.NORMAL));
                        if (sure) {
                            staticFunctions.put(defined, new int[] {from, out.size()});
                        }
                    } else if (p.isGroup()) {
                        walkBlock(body(p), body, Mode.EXPR);
                    }
                }
            }
            case "return", "throw" -> walkCommand(rest, ctx, Mode.NORMAL, pos);
            case "exit", "break", "continue" -> walkCommand(rest, ctx, Mode.EXPR, pos);
            case "param" -> {
                // `{ param($d) Remove-Item $d … }`: the statements of the block follow the
                // parameter list without a separator, and run
                int list = indexOf(rest, Kind.PAREN);
                nestedOnly(list < 0 ? rest : rest.subList(0, list + 1), body, Mode.EXPR, Mode.NORMAL);
                if (list >= 0 && list + 1 < rest.size()) {
                    walkCommand(rest.subList(list + 1, rest.size()), ctx, Mode.NORMAL, pos);
                }
            }
            case "using" -> {
                // `using module X` imports code the splitter cannot see.
                if (!rest.isEmpty() && PsText.bare(rest.get(0).raw()).equalsIgnoreCase("module")) {
                    opaqueStatement(parts, ctx, pos, OpaqueReason.UNSUPPORTED_CONSTRUCT);
                }
            }
            case "foreach" -> {
                boolean header = false;
                java.util.Map<String, List<Word>> saved = loopValues;
                try {
                    for (Part p : rest) {
                        if (p.kind() == Kind.PAREN && !header) {
                            header = true;
                            headerItems = null;
                            headerAtTop = ctx.prov() == Provenance.TOP;
                            try {
                                walkBlock(body(p), body, Mode.FOREACH_HEADER);
                            } finally {
                                headerAtTop = false;
                            }
                            // foreach ($d in 'C:\\','D:\\') { Remove-Item $d … }: $d is each string;
                            // foreach ($x in Get-ChildItem .\build) { … }: each item listed
                            Matcher m = FOREACH_STRINGS.matcher(p.raw());
                            // (`foreach ($d in @('~/.ssh'))`: the array's strings as well; `foreach ($s in 1, 7200)`: its numbers)
                            List<Word> items = !m.matches() ? null : m.group(2).startsWith("@(")
                                    ? PsCarriers.arrayOfLiterals(m.group(2)) : PsCarriers.arrayOfLiterals("(" + m.group(2) + ")");
                            items = items == null && m.matches() ? headerItems : items;
                            headerItems = null;
                            String variable = m.matches() ? loopName("$" + m.group(1)) : null;
                            // (not when the text defines functions, which may set it with $script:;
                            // unknown objects stay unknown whatever the body assigns)
                            if (items == UNKNOWN_ITEMS || items != null && userCommands.isEmpty() && rest.stream().noneMatch(b -> b.kind() == Kind.BLOCK
                                    && assignsVariable(b.raw(), variable))) {
                                java.util.Map<String, List<Word>> inner = new java.util.HashMap<>(loopValues);
                                inner.put(variable, items);
                                loopValues = inner;
                            }
                        } else if (p.isGroup()) {
                            walkBlock(body(p), body, p.kind() == Kind.HASH ? Mode.HASH : Mode.NORMAL);
                        }
                    }
                } finally {
                    loopValues = saved;
                }
            }
            case "switch", "class", "enum" -> {
                for (Part p : rest) {
                    if (p.kind() == Kind.BLOCK) {
                        walkBlock(body(p), body, Mode.CLAUSE);
                    } else if (p.isGroup()) {
                        walkBlock(body(p), body, Mode.NORMAL);
                    } else {
                        word(List.of(p), body, true, Provenance.COMPOUND);
                    }
                }
            }
            case "while", "for", "do" -> {
                Ctx loop = body;
                if (endlessLoop(kw, rest)) {
                    List<String> w = new ArrayList<>(body.wrappers());
                    w.add(Segment.ENDLESS_LOOP);
                    loop = new Ctx(body.parent(), body.depth(), body.prov(), List.copyOf(w));
                }
                int before = out.size();
                nestedOnly(rest, loop, Mode.NORMAL, Mode.NORMAL);
                if (loop != body && out.size() == before) {
                    // `while ($true) {}` spins with nothing in it: an empty command carries the
                    // loop's pseudo-wrapper so the slow rule sees the loop (no segment would be
                    // an empty command, allowed).
                    int id = reserve();
                    out.set(id, new Segment(id, loop.parent(), loop.depth(), loop.prov(), loop.wrappers(), List.of(),
                            List.of(), List.of(), List.<Heredoc>of(), pos, Set.of()));
                }
            }
            default -> nestedOnly(rest, body, Mode.NORMAL, Mode.NORMAL);
        }
    }

    /** Conditions that are always true (for {@code while}), whitespace removed, lower case. */
    private static final Set<String> ALWAYS_TRUE = Set.of("$true", "1", "($true)", "(1)", "$true-eq$true");
    /** Words that leave a loop from inside. */
    private static final Pattern LOOP_EXITS = Pattern.compile("(?i)(^|[^\\w-])(break|exit|return|throw)([^\\w-]|$)");

    /**
     * True for {@code while ($true) {…}}, {@code for (…;;…) {…}}, {@code do {…} while ($true)} and
     * {@code do {…} until ($false)} whose body holds no break, exit, return or throw.
     */
    private static boolean endlessLoop(String kw, List<Part> rest) {
        String condition = null;
        boolean until = false;
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < rest.size(); i++) {
            Part p = rest.get(i);
            if (p.kind() == Kind.PAREN && condition == null) {
                condition = p.raw();
            } else if (p.kind() == Kind.BLOCK) {
                body.append(p.raw()).append('\n');
            } else if (kw.equals("do") && p.kind() == Kind.WORD) {
                until = PsText.bare(p.raw()).equalsIgnoreCase("until");
            }
        }
        if (condition == null || LOOP_EXITS.matcher(body).find()) {
            return false;
        }
        String c = condition.replaceAll("\\s", "").toLowerCase(Locale.ROOT);
        c = c.startsWith("(") && c.endsWith(")") ? c.substring(1, c.length() - 1) : c;
        if (kw.equals("for")) {
            String[] parts = c.split(";", -1);
            return parts.length == 3 && parts[1].isEmpty();
        }
        return until ? c.equals("$false") || c.equals("0") : ALWAYS_TRUE.contains(c);
    }

    /** Walks the groups and strings among {@code parts} without emitting a segment for them. */
    private void nestedOnly(List<Part> parts, Ctx ctx, Mode parenMode, Mode blockMode) {
        for (Part p : parts) {
            switch (p.kind()) {
                case BLOCK -> walkBlock(body(p), ctx.with(Provenance.COMPOUND), blockMode);
                case HASH -> walkBlock(body(p), ctx, Mode.HASH);
                case PAREN -> walkBlock(body(p), ctx, parenMode);
                case SUBEXPR, ARRAY -> walkBlock(body(p), ctx.with(Provenance.COMMAND_SUBSTITUTION),
                        Mode.NORMAL);
                case DQ, HERE_DQ -> word(List.of(p), ctx, true, Provenance.COMPOUND);
                default -> {
                }
            }
        }
    }

    private int opaqueStatement(List<Part> parts, Ctx ctx, Position pos, OpaqueReason reason) {
        int id = reserve();
        List<Word> argv = new ArrayList<>();
        for (Part p : parts) {
            argv.add(new Word(p.raw(), p.raw(), false, Set.of()));
        }
        out.set(id, new Segment(id, ctx.parent(), ctx.depth(), ctx.prov(), ctx.wrappers(), argv,
                List.of(), List.of(), List.of(), pos, Set.of(reason)));
        return id;
    }

    /**
     * What an assignment's right-hand side puts in the variable, when its text tells: a plain
     * string or a concatenation of plain strings (a string, and a command name for {@code & $v}),
     * or a command lookup ({@link PsLookup}: a command only); null otherwise.
     */
    private PsValues.Value heldValue(List<Part> rhs, Ctx ctx) {
        String folder = knownFolder(rhs);
        if (folder != null) {
            return new PsValues.Value(null, null, true, null, null, folder);
        }
        if (EMPTY_ARRAY.matcher(spaced(rhs)).matches()) {
            // `$a = @(); $a += 'push'`: an empty array a later `+=` grows (grownValue)
            return new PsValues.Value(null, null, true, null, List.of(), null);
        }
        Matcher list0 = NEW_LIST.matcher(spaced(rhs));
        if (list0.matches()) {
            // `$l = New-Object System.Collections.ArrayList; [void]$l.Add('--force'); git $l`: the list
            // is filled in place by method calls not read here; its strings as cast (or none) are a
            // known prefix, never literal, so a program given it stays dynamic
            List<String> cast = list0.group(1) == null ? List.of() : addedStrings(list0.group(1).strip());
            return new PsValues.Value(null, null, false, null, cast == null ? List.of() : cast, null);
        }
        String text = rhs.size() == 1 ? stringOf(rhs.get(0), ctx) : null;
        if (text == null && rhs.size() == 1 && rhs.get(0).kind() == Kind.WORD
                && !Double.isNaN(dev.shellwarden.grammar.Durations.psNumber(rhs.get(0).raw()))) {
            // `$d = 3600; Start-Sleep $d`: a number literal is held as its text, read in place as typed
            // (bash's `d=600; sleep $d` is); the readers take PowerShell's number forms (1e3, 0x10, 1kb, [int]::MaxValue)
            text = rhs.get(0).raw();
        }
        if (text == null) {
            String src = spaced(rhs);
            text = concatenation("(" + src + ")");
            if (text == null && src.startsWith("(")) {
                text = concatenation(src);
            }
        }
        if (text != null) {
            return new PsValues.Value(text, text, true);
        }
        String src = spaced(rhs);
        // `[string[]]('clean','-fdx')`, `[array]@('a','b')`: an array cast keeps the strings
        List<Part> uncast = rhs.size() > 1 && rhs.get(0).kind() == Kind.WORD && ARRAY_CAST.matcher(rhs.get(0).raw()).matches()
                ? rhs.subList(1, rhs.size()) : rhs;
        String listed = spaced(uncast);
        // `,'-fdx'`: the unary comma makes an array of its one string
        boolean unary = listed.startsWith(",");
        Matcher list = STRING_LIST.matcher(unary ? listed.substring(1) + ",''" : listed);
        List<String> items = list.matches() ? PsText.plainStringList(list.group(1) != null ? list.group(1) : list.group(2)) : null;
        if (items != null && unary) {
            items = items.size() == 2 ? items.subList(0, 1) : null;
        }
        // (`@('push')` is an array of one string, which a later `+=` grows; `('push')` is the string)
        if (items != null && (items.size() > 1 || unary || listed.startsWith("@(") || uncast != rhs)) {
            // `$p = 'Invoke-','Expression'`, `$a = @('Stop','-Computer')`: the pieces a later -join puts together
            return new PsValues.Value(null, null, true, null, List.copyOf(items));
        }
        String lookup = src.startsWith("(") ? src : "(" + src + ")";
        String command = PsLookup.resolve(lookup);
        if (command == null && !src.startsWith("(")) {
            command = PsLookup.resolve(src);
        }
        // `$c = gcm Get-ChildItem`: a lookup of one name without wildcards is that name, as literal
        // as `& (gcm Get-ChildItem)` reads it (still dynamic unless assigned once, in sequence)
        return command == null ? null : new PsValues.Value(null, command, PsLookup.exact(lookup));
    }

    /**
     * What variable {@code raw} holds after an assignment that grows its value ({@code $a +=
     * '--force'}, {@code $a = $a + '--force'}, {@code $a = @($a) + '--force'}): the held array with
     * the added plain strings at its end, the held string or path with the added string after it
     * (literal when read at the top level, {@link PsValues#grew}); when the addition is not read
     * (a command's output, a variable) or runs in a block, the array held before, not literal
     * (its strings are a known prefix: a program given it stays dynamic). Null for any other
     * assignment, or a string or path grown by what is not read (unknown, as before).
     */
    private PsValues.Value grownValue(String raw, String op, List<Part> rhs, boolean top) {
        String added;
        boolean wrapped = false;
        if (op.equals("+=")) {
            added = spaced(rhs);
        } else if (op.equals("=")) {
            Matcher m = SELF_PLUS.matcher(spaced(rhs));
            if (!m.matches() || (m.group(1) == null) != (m.group(3) == null)
                    || !PsText.bare(m.group(2)).replaceAll("[{}]", "").equalsIgnoreCase(PsText.bare(raw).replaceAll("[{}]", ""))) {
                return null;
            }
            wrapped = m.group(1) != null;
            added = m.group(4);
        } else {
            return null;
        }
        PsValues.Value old = values.lastValue(raw);
        if (old == null) {
            return null;
        }
        List<String> more = addedStrings(added.strip());
        boolean read = top && more != null && old.literal();
        List<String> items = old.items() != null ? old.items() : wrapped && old.string() != null ? List.of(old.string()) : null;
        if (items != null) {
            if (!read) {
                return new PsValues.Value(null, null, false, null, items, null);
            }
            List<String> all = new ArrayList<>(items);
            all.addAll(more);
            return all.size() > MOST_GROWN ? new PsValues.Value(null, null, false, null, items, null)
                    : new PsValues.Value(null, null, true, null, List.copyOf(all), null);
        }
        // a string plus one string is their concatenation (`'Remove-' + 'Item'`); an array added
        // to a string is joined with spaces first, not read here
        boolean one = read && !wrapped && more.size() == 1 && !added.strip().startsWith(",") && !added.strip().startsWith("@");
        if (one && old.path() != null && old.string() == null) {
            return new PsValues.Value(null, null, true, null, null, old.path() + more.get(0));
        }
        // (a number held adds the string as a number, `$d = 1; $d += '00'`: PsHeldNumbers reads that)
        if (one && old.string() != null && old.stages() == null
                && Double.isNaN(dev.shellwarden.grammar.Durations.psNumber(old.string()))) {
            String text = old.string() + more.get(0);
            return new PsValues.Value(text, text, true);
        }
        return null;
    }

    /** The most strings a grown array is read with; more keep it a known prefix, not literal. */
    private static final int MOST_GROWN = 256;
    /** {@code $a + …} or {@code @($a) + …}: group 1 and 3 the {@code @(}/{@code )}, group 2 the variable, group 4 what is added. */
    private static final Pattern SELF_PLUS = Pattern.compile(
            "(?s)^(@\\(\\s*)?(\\$\\{?[A-Za-z_][A-Za-z0-9_:]*\\}?)(\\s*\\))?\\s*\\+(?!\\+|=)(.*)$");

    /**
     * The plain strings an expression adds: {@code 'x'}, {@code 'a','b'}, {@code @('a','b')},
     * {@code ('a','b')}, the unary comma {@code ,'x'}, the empty {@code @()}; null otherwise.
     */
    private static List<String> addedStrings(String src) {
        if (EMPTY_ARRAY.matcher(src).matches()) {
            return List.of();
        }
        String body = src.startsWith(",") ? src.substring(1)
                : src.startsWith("@(") && src.endsWith(")") ? src.substring(2, src.length() - 1)
                : src.startsWith("(") && src.endsWith(")") ? src.substring(1, src.length() - 1) : src;
        List<String> out = PsText.plainStringList(body);
        return out == null || src.startsWith(",") && out.size() != 1 ? null : out;
    }

    /** The empty array {@code @()}. */
    private static final Pattern EMPTY_ARRAY = Pattern.compile("^@\\(\\s*\\)$");
    /**
     * A list filled in place: {@code New-Object System.Collections.ArrayList}, {@code
     * [Collections.Generic.List[string]]::new()}, or a cast to one ({@code
     * [System.Collections.ArrayList]@('push')}, what is cast in group 1).
     */
    private static final Pattern NEW_LIST = Pattern.compile("(?is)^(?:new-object\\s+(?:-typename\\s+)?['\"]?"
            + "(?:system\\.)?collections\\.(?:arraylist|generic\\.list\\[[^\\]]*\\])['\"]?(?:\\s*(?:-argumentlist\\s+)?\\S.*)?"
            + "|\\[(?:system\\.)?collections\\.(?:arraylist|generic\\.list\\[[^\\]]*\\])\\]\\s*(?:::new\\s*\\([^)]*\\)|(.+)))$");

    /** A statement that only steps a plain variable: {@code ++$d}, {@code $d--}. */
    private static final Pattern STEP = Pattern.compile(
            "(?i)(\\+\\+|--)\\s*(\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?)|(\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?)\\s*(\\+\\+|--)");

    /** A decimal number literal piped on its own ({@code 7200 | % { … }}); other forms are not read. */
    private static final Pattern PIPED_NUMBER = Pattern.compile("^[0-9]{1,12}(?:\\.[0-9]{1,6})?$");
    /** Decimal numbers with the list's commas glued to them ({@code 1,} of {@code 1, 7200}, {@code 1,7200}). */
    private static final Pattern NUMBER_LIST = Pattern.compile("^,?[0-9]{1,12}(?:\\.[0-9]{1,6})?(?:,(?:[0-9]{1,12}(?:\\.[0-9]{1,6})?)?)*$");
    /** Casts of a typed assignment whose variable then holds the number ({@code [int]$d = 7200}). */
    private static final Pattern NUMBER_CAST = Pattern.compile(
            "(?i)\\[(?:int|int32|int64|long|double|decimal|single|uint32|uint64)\\]");

    /**
     * The number an assignment's right-hand side computes ({@code 2 * 3600}, {@code 8kb},
     * {@code [int]'7200'}, {@code $d * 2} of a variable holding a number here), or NaN.
     */
    private double number(String rhs, boolean top) {
        // the one expression reader, each variable read as the number it stands for (a string held
        // whose `*` is not followed, `'33' * 600`, still reads as the number it converts to)
        PsHeldValue v = PsHeldValue.evaluate(rhs, name -> PsHeldValue.ofNumber(values.number("$" + name, top)), name -> values.source(name, top));
        return v == null ? Double.NaN : v.asNumber();
    }

    /**
     * The value an assignment's right-hand side computes as PowerShell types it ({@link
     * PsHeldValue}: {@code '72' + '00'} is the string {@code '7200'}, {@code "$d" + '00'} expands
     * $d's held value), else the number {@link #number} computes; null when neither.
     */
    private PsHeldValue held(String rhs, boolean top) {
        return held(rhs, top, null);
    }

    /** {@link #held(String, boolean)} of the right-hand side of an assignment of {@code target}. */
    private PsHeldValue held(String rhs, boolean top, String target) {
        PsHeldValue v = PsHeldValue.evaluate(rhs, name -> values.held("$" + name, top, target), name -> values.source(name, top));
        return v != null ? v : PsHeldValue.ofNumber(number(rhs, top));
    }

    /**
     * Every value the right-hand side of an assignment of {@code target} may give: the one {@link
     * #held(String, boolean, String)} computes, else each branch of a choice {@link PsHeldChoices}
     * reads ({@code if ($x) { 7200 } else { 1 }}); null when not computed.
     */
    private Set<PsHeldValue> heldChoices(String rhs, boolean top, String target) {
        PsHeldValue one = held(rhs, top, target);
        return one != null ? Set.of(one) : PsHeldChoices.of(rhs, name -> values.held("$" + name, top, target));
    }

    /** A range of integer literals ({@code 1..3}, {@code (1..3)}). */
    private static final Pattern INT_RANGE = Pattern.compile("\\(?\\s*(-?\\d{1,6})\\s*\\.\\.\\s*(-?\\d{1,6})\\s*\\)?");
    /** A comma list of number literals or plain strings ({@code 1, 2, 3}, {@code 'a','b'}). */
    private static final Pattern LITERAL_LIST = Pattern.compile("(?:-?[0-9.]+|'[^']*')(?:\\s*,\\s*(?:-?[0-9.]+|'[^']*'))*");

    /**
     * How many items a pipeline stage sends on when its text tells ({@code 1..3} sends three,
     * {@code 1, 2, 3} three, {@code 'a'} one), or 0 when not known.
     */
    private static int itemCount(List<Part> stage) {
        String t = spaced(stage);
        Matcher range = INT_RANGE.matcher(t);
        if (range.matches()) {
            return Math.abs(Integer.parseInt(range.group(1)) - Integer.parseInt(range.group(2))) + 1;
        }
        return LITERAL_LIST.matcher(t).matches() ? t.split(",", -1).length : 0;
    }

    /**
     * True for a script block with no block inside ({@code { $d *= 60 }}): its statements run once
     * per run of the block, no loop or branch of their own changing how often.
     */
    private static boolean flatBlock(Part p) {
        String r = p.raw();
        return p.kind() == Kind.BLOCK && r.indexOf('{', 1) < 0 && r.indexOf('}') == r.length() - 1;
    }

    /**
     * The folder a right-hand side names from a known place, as written from its variable:
     * {@code $HOME}, {@code $PWD} or {@code $env:X} itself, or the folder a
     * {@code [Environment]::GetFolderPath(NAME)} call names ({@link PsDotNet#specialFolder});
     * null for anything else. WHY: {@code $p = [Environment]::GetFolderPath('UserProfile');
     * Remove-Item $p -Recurse} only asked, where the call in the argument is the profile.
     */
    private static String knownFolder(List<Part> rhs) {
        if (!rhs.isEmpty() && rhs.size() <= 2 && rhs.get(0).kind() == Kind.VARIABLE
                && (rhs.size() == 1 || adjacent(rhs.get(0), rhs.get(1))) && PROFILE_PATH.matcher(source(rhs)).matches()) {
            // `$p = $PROFILE; Set-Content $p …`: the profile script as written, which the
            // persistence readings know (the direct `Set-Content $PROFILE …` is denied)
            return source(rhs);
        }
        if (rhs.size() == 1 && rhs.get(0).kind() == Kind.VARIABLE) {
            String v = PsText.bare(rhs.get(0).raw());
            return KNOWN_PATH_VARIABLE.matcher(v).matches() ? v : null;
        }
        if (rhs.isEmpty()) {
            return null;
        }
        String special = PsDotNet.specialFolder(source(rhs));
        return special != null ? special : belowKnownFolder(rhs);
    }

    /**
     * A path below the home folder or an environment variable's folder, written as a
     * double-quoted string ({@code "$HOME\.claude\settings.json"}) or joined
     * ({@code Join-Path $HOME '.ssh\id_rsa'}, {@code [IO.Path]::Combine($env:USERPROFILE, 'x')},
     * bare, grouped or in {@code $(…)}), as written from its variable; null for anything else.
     * WHY: {@code $p = Join-Path $HOME '.claude\settings.json'; Remove-Item $p} was allowed while
     * the same path written as the argument was denied: the variable held no value the readers
     * saw. {@code $PWD} is left out: it names the folder current when assigned, not when used.
     */
    private static String belowKnownFolder(List<Part> rhs) {
        if (rhs.size() == 1 && rhs.get(0).kind() == Kind.DQ) {
            String r = rhs.get(0).raw();
            Matcher m = QUOTED_BELOW_FOLDER.matcher(r.substring(1, r.length() - 1));
            return m.matches() ? "$" + m.group(1) + m.group(2) : null;
        }
        if (rhs.size() == 3 && rhs.get(0).kind() == Kind.VARIABLE && rhs.get(1).raw().equals("+")
                && KNOWN_PATH_VARIABLE.matcher(PsText.bare(rhs.get(0).raw())).matches()
                && !PsText.bare(rhs.get(0).raw()).equalsIgnoreCase("$pwd")) {
            // `$HOME + '\.bashrc'`: the string appended to the folder, when it starts a path below it
            Part r = rhs.get(2);
            String rest = r.kind() == Kind.SQ ? PsText.verbatim(r.raw())
                    : r.kind() == Kind.DQ && r.raw().indexOf('`') < 0 ? r.raw().substring(1, r.raw().length() - 1) : null;
            return rest != null && (rest.startsWith("\\") || rest.startsWith("/")) && rest.indexOf('$') < 0
                    ? PsText.bare(rhs.get(0).raw()) + rest : null;
        }
        String src = source(rhs);
        String joined = src.startsWith("(") || src.startsWith("$(") ? LexicalPaths.psJoinedPath(src) : null;
        if (joined == null) {
            joined = LexicalPaths.psJoinedPath("(" + spaced(rhs) + ")");
        }
        if (joined == null) {
            joined = LexicalPaths.psJoinedPath("(" + src + ")");
        }
        return joined != null && JOINED_BELOW_FOLDER.matcher(joined).matches() ? joined : null;
    }

    /** The text of {@code "$HOME\x"}, {@code "${env:APPDATA}/x"}, {@code "$HOME"}: group 1 the variable, group 2 the rest. */
    private static final Pattern QUOTED_BELOW_FOLDER = Pattern.compile(
            "(?i)\\$\\{?(home|env:[A-Za-z_][A-Za-z0-9_]*)\\}?((?:[\\\\/][^$`\"()]*)?)");
    /** A joined path starting from the home folder or an environment variable, no other variable in it. */
    private static final Pattern JOINED_BELOW_FOLDER = Pattern.compile(
            "(?i)\\$(?:home|env:[A-Za-z_][A-Za-z0-9_]*)(?:\\$env:homepath)?(?:[\\\\/][^$`]*)?");

    /**
     * The text of one plain string part ({@code 'x'}, {@code "x"} without expansions), or of a
     * variable holding one ({@link PsValues}, soundly or not), or null.
     */
    private String stringOf(Part p, Ctx ctx) {
        if (p.kind() == Kind.SQ || p.kind() == Kind.DQ) {
            String r = p.raw();
            if (LITERAL_STRING.matcher(r).matches()) {
                return r.startsWith("'") ? PsText.verbatim(r) : r.substring(1, r.length() - 1);
            }
            return null;
        }
        if (p.kind() == Kind.VARIABLE) {
            PsValues.Known k = values.get(p.raw(), inOrder(ctx));
            return k == null ? null : k.string();
        }
        return null;
    }

    // ---- expressions ------------------------------------------------------------------------

    /**
     * An expression statement. Assignments yield a segment with no argv and the assignment as
     * {@code NAME=value} (or the command on their right-hand side); a call of a method not known
     * to be harmless yields an opaque segment; a pure expression yields no segment of its own.
     */
    private void expression(List<Part> parts, Ctx ctx, Position pos, String target) {
        expression(parts, ctx, pos, target, true);
    }

    private void expression(List<Part> parts, Ctx ctx, Position pos, String target, boolean assign) {
        int eq = indexOf(parts, Kind.ASSIGN);
        Matcher step = STEP.matcher(spaced(parts));
        if (assign && target == null && eq < 0 && step.matches()) {
            // `$d++`, `--$d`: d plus or minus one, as `$d += 1` (PsValues counts these assignments)
            String sign = step.group(1) != null ? step.group(1) : step.group(4);
            values.assigned(step.group(1) != null ? step.group(2) : step.group(3), null, inOrder(ctx),
                    sign.equals("++") ? "+=" : "-=", PsHeldValue.ofNumber(1));
        }
        String variableObject = assign && target == null && eq > 0 ? values.variableObjectOf(spaced(parts.subList(0, eq + 1))) : null;
        if (variableObject != null) {
            // `(Get-Variable d).Value = 7200` assigns d as `$d = 7200` does
            boolean top = inOrder(ctx);
            values.assigned(variableObject, null, top, parts.get(eq).raw(), held(spaced(parts.subList(eq + 1, parts.size())), top));
        }
        if (assign && target == null && eq > 0 && (parts.get(0).kind() == Kind.VARIABLE
                || parts.get(0).kind() == Kind.WORD && parts.get(0).raw().startsWith("["))) {
            List<Part> lhs = parts.subList(0, eq);
            List<Part> rhs = parts.subList(eq + 1, parts.size());
            if (rhs.isEmpty()) {
                throw new SyntaxProblem("assignment without a value");
            }
            nestedOnly(lhs, ctx, Mode.EXPR, Mode.NORMAL);
            String name = source(lhs) + parts.get(eq).raw();
            if (lhs.size() == 1 && lhs.get(0).kind() == Kind.VARIABLE) {
                String variable = PsText.bare(lhs.get(0).raw()).substring(1).toLowerCase(Locale.ROOT);
                List<Word> entries = rhs.size() == 1 && rhs.get(0).kind() == Kind.HASH
                        && parts.get(eq).raw().equals("=") ? splatWords(rhs.get(0).raw()) : null;
                if (entries != null) {
                    hashes.put(variable, entries);
                } else {
                    hashes.remove(variable);
                }
            }
            if (lhs.size() == 1 && lhs.get(0).kind() == Kind.VARIABLE) {
                if (rhs.size() == 1 && rhs.get(0).kind() == Kind.BLOCK && parts.get(eq).raw().equals("=")) {
                    blockVariables.put(loopName(lhs.get(0).raw()), rhs.get(0));
                } else {
                    blockVariables.remove(loopName(lhs.get(0).raw()));
                }
            }
            defaultParameterValues(lhs, rhs);
            boolean top = inOrder(ctx);
            String op = parts.get(eq).raw();
            if (lhs.size() == 1 && lhs.get(0).kind() == Kind.VARIABLE) {
                PsValues.Value held = op.equals("=") ? heldValue(rhs, ctx) : null;
                PsValues.Value grown = grownValue(lhs.get(0).raw(), op, rhs, top);
                held = grown != null ? grown : held;
                Set<PsHeldValue> choices;
                if (laterStages != null && pos.stage() == 0 && pos.stages() > 1) {
                    // `$d = 1 | % { 7200 }`: the variable holds what the whole pipeline outputs; only
                    // `LIST | Select-Object -First 1` is read, a literal first stage is no value of it
                    choices = PsHeldChoices.of(spaced(rhs) + " | " + laterStages, read -> values.held("$" + read, top, lhs.get(0).raw()));
                    held = held != null && held.string() != null ? null : held;
                } else {
                    choices = heldChoices(spaced(rhs), top, lhs.get(0).raw());
                }
                values.assigned(lhs.get(0).raw(), held, top, op, choices);
                if (grown != null && grown.literal()) {
                    values.grew(lhs.get(0).raw());
                }
                values.carry(lhs.get(0).raw(), op, spaced(rhs), top);
            } else {
                List<Part> names = lhs.stream().filter(p -> p.kind() == Kind.VARIABLE).toList();
                // `$d, $e = 7200, 1`: one number per name when there are no more values than names
                // (the last name would take the rest as an array otherwise; `$d, $e = 7200` leaves
                // $e $null, not read here); `[string]$a = …` is not read, `[int]$d = 7200` is
                String[] items = spaced(rhs).split(",", -1);
                boolean paired = op.equals("=") && names.size() > 1 && items.length <= names.size()
                        && lhs.stream().allMatch(p -> p.kind() == Kind.VARIABLE || p.raw().equals(","));
                boolean typed = op.equals("=") && names.size() == 1 && lhs.size() == 2
                        && NUMBER_CAST.matcher(lhs.get(0).raw()).matches() && lhs.get(1).kind() == Kind.VARIABLE;
                for (int k = 0; k < names.size(); k++) {
                    PsHeldValue typedValue = typed ? held(spaced(rhs), top) : null;
                    PsHeldValue n = typed ? (typedValue == null ? null : PsHeldValue.ofNumber(typedValue.asNumber()))
                            : paired && k < items.length ? held(items[k], top) : null;
                    // `$a[0] = 'push'` of a held array: its strings stay a known prefix, never literal
                    // (PsValues reads the array as changed in place), so a program given it stays dynamic
                    PsValues.Value old = lhs.size() == 2 && lhs.get(1).kind() == Kind.WORD && lhs.get(1).raw().startsWith("[")
                            && adjacent(lhs.get(0), lhs.get(1)) ? values.lastValue(names.get(k).raw()) : null;
                    values.assigned(names.get(k).raw(), old == null || old.items() == null ? null
                            : new PsValues.Value(null, null, false, null, old.items(), null), top, op, n);
                }
            }
            Matcher property = START_INFO_PROPERTY.matcher(PsText.bare(spaced(lhs)));
            String propertyValue = rhs.size() == 1 ? stringOf(rhs.get(0), ctx) : null;
            if (property.matches() && propertyValue != null) {
                startInfos.computeIfAbsent(property.group(1).toLowerCase(Locale.ROOT), k -> new java.util.HashMap<>())
                        .put(property.group(2).toLowerCase(Locale.ROOT), propertyValue);
            }
            if (CURRENT_DIRECTORY.matcher(PsText.bare(spaced(lhs))).find()) {
                // `[Environment]::CurrentDirectory = 'C:\Windows'` moves where .NET reads a
                // relative path (`[IO.File]::Delete('x.dll')`), which Set-Location does not: unknown
                opaqueStatement(parts, ctx, pos, OpaqueReason.UNSUPPORTED_CONSTRUCT);
            }
            if (parts.get(0).kind() == Kind.VARIABLE && providerPath(parts.get(0).raw())) {
                // `${C:\x} = …` writes a file, `$function:f = …` defines a command.
                Matcher fn = Pattern.compile("(?i)^\\$\\{?function:([^}]+)").matcher(parts.get(0).raw());
                int id = opaqueStatement(parts, ctx, pos, OpaqueReason.UNSUPPORTED_CONSTRUCT);
                if (fn.find()) {
                    addUserCommand(fn.group(1));
                    // `${function:f} = 'Stop-Computer'`: a string assigned to a function is its body
                    String body = rhs.size() == 1 ? stringOf(rhs.get(0), ctx) : null;
                    if (body != null) {
                        embedPowerShell(body, id, ctx, Provenance.EVAL_PAYLOAD, "function:", EnumSet.noneOf(OpaqueReason.class));
                    }
                }
            }
            Part r0 = rhs.get(0);
            boolean statement = r0.kind() == Kind.AMP
                    || r0.kind() == Kind.WORD && (commandLike(r0.raw()) || r0.raw().equals("."));
            // only a command alone: in `$c = irm URL | iex` the stages stay a pipeline the rules read
            String captured = statement && pos.stages() == 1 ? capturedVariable(lhs, parts.get(eq).raw()) : null;
            if (captured != null) {
                // `$c = irm URL` keeps the command's output as bash's `c=$(curl URL)` does: an
                // assignment segment with the command nested as its substitution, so that the engine
                // follows the value to a later `iex $c` (ValueFlow) as it does in bash
                int id = reserve();
                walkCommand(rhs, new Ctx(id, ctx.depth() + 1, Provenance.COMMAND_SUBSTITUTION, ctx.wrappers()),
                        Mode.NORMAL, pos);
                String text = "$" + captured + parts.get(eq).raw() + "$(" + spaced(rhs) + ")";
                out.set(id, new Segment(id, ctx.parent(), ctx.depth(), ctx.prov(), ctx.wrappers(), List.of(),
                        List.of(new Word(text, source(parts), false, EnumSet.of(WordFeature.COMMAND_SUBSTITUTION))),
                        List.of(), List.of(), pos, Set.of()));
            } else if (statement) {
                walkCommand(rhs, ctx, Mode.NORMAL, pos);
            } else {
                expression(rhs, ctx, pos, name);
            }
            return;
        }
        // Redirections apply to an expression too: `'key' >> ~/.ssh/authorized_keys`.
        List<Part> redirectParts = new ArrayList<>();
        List<Part> rest = new ArrayList<>();
        List<List<Part>> groups = arguments(parts);
        for (int g = 0; g < groups.size(); g++) {
            List<Part> group = groups.get(g);
            if (group.get(0).kind() == Kind.REDIRECT) {
                redirectParts.add(group.get(0));
                if (!group.get(0).raw().contains(">&")) {
                    if (g + 1 >= groups.size()) {
                        throw new SyntaxProblem("redirection without a target");
                    }
                    redirectParts.addAll(groups.get(++g));
                }
            } else {
                rest.addAll(group);
            }
        }
        if (!redirectParts.isEmpty()) {
            parts = rest;
        }
        boolean unsafe = unsafeCall(parts, false, ctx);
        // only file calls PsDotNet reads whole as the cmdlet they amount to (PsFileCalls)
        boolean readsOnly = unsafe && !unsafeCall(parts, true, ctx);
        Part payload = null;
        for (int i = 0; i + 1 < parts.size(); i++) {
            Part p = parts.get(i);
            Part next = parts.get(i + 1);
            if (p.kind() == Kind.WORD && next.kind() == Kind.PAREN && adjacent(p, next)
                    && SCRIPTBLOCK_CREATE.matcher(PsText.bare(p.raw())).matches()) {
                payload = next;
            }
            // the same text run by the engine's own script methods:
            // $ExecutionContext.InvokeCommand.InvokeScript('…'), ….NewScriptBlock('…'),
            // [PowerShell]::Create().AddScript('…')
            if ((p.kind() == Kind.WORD || p.kind() == Kind.VARIABLE) && next.kind() == Kind.PAREN && adjacent(p, next)
                    && SCRIPT_METHOD.matcher(PsText.bare(p.raw())).find()) {
                payload = next;
            }
        }
        if (!unsafe && payload == null && target == null && redirectParts.isEmpty()) {
            Ctx nested = new Ctx(ctx.parent(), ctx.depth() + 1, Provenance.COMMAND_SUBSTITUTION,
                    ctx.wrappers());
            for (List<Part> arg : expressionArguments(parts)) {
                word(arg, nested, true, Provenance.COMPOUND);
            }
            return;
        }
        int id = reserve();
        Ctx child = new Ctx(id, ctx.depth() + 1, Provenance.COMMAND_SUBSTITUTION, ctx.wrappers());
        Set<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
        List<Word> words = new ArrayList<>();
        for (List<Part> arg : expressionArguments(parts)) {
            words.add(word(arg, child, true, Provenance.COMPOUND).word());
        }
        if (unsafe) {
            if (!readsOnly) {
                reasons.add(OpaqueReason.UNSUPPORTED_CONSTRUCT);
            }
            // still opaque; what a known .NET or COM call starts, reads or writes is read besides,
            // with the strings variables hold put in (`[Diagnostics.Process]::Start($f, $a)`)
            carriers.dotNet(withValues(parts, ctx), id, ctx, reasons);
        }
        if (payload != null) {
            String source = payload.raw().substring(1, payload.raw().length() - 1);
            PsValues.Known held = Regex.matches(source.strip(), "\\$\\{?[A-Za-z_][A-Za-z0-9_]*\\}?")
                    ? values.get(source.strip(), inOrder(ctx)) : null;
            if (LITERAL_STRING.matcher(source).matches()) {
                String s = source.strip();
                String inner = s.startsWith("'") ? PsText.verbatim(s) : s.substring(1, s.length() - 1);
                embedPowerShell(inner, id, ctx, Provenance.EVAL_PAYLOAD, "[ScriptBlock]::Create",
                        reasons);
            } else if (concatenation("(" + source + ")") != null) {
                // `[scriptblock]::Create('Remove-' + 'Item …')`, `Create(-join ('…','…'))`: literal pieces joined
                embedPowerShell(concatenation("(" + source + ")"), id, ctx, Provenance.EVAL_PAYLOAD, "[ScriptBlock]::Create",
                        reasons);
            } else if (held != null && held.string() != null) {
                // `$s = '…'; [scriptblock]::Create($s)`: the string the variable holds (asks unless sound)
                embedPowerShell(held.string(), id, ctx, Provenance.EVAL_PAYLOAD, "[ScriptBlock]::Create",
                        reasons);
                if (!held.sound()) {
                    reasons.add(OpaqueReason.DYNAMIC_EVAL);
                }
            } else {
                reasons.add(OpaqueReason.DYNAMIC_EVAL);
            }
        }
        List<Redirect> redirects = new ArrayList<>();
        List<List<Part>> rg = arguments(redirectParts);
        for (int g = 0; g < rg.size(); g++) {
            Redirect r = redirect(rg.get(g).get(0).raw(), g + 1 < rg.size() ? rg.get(g + 1) : null, child);
            if (!r.op().equals(">&")) {
                g++;
            }
            if (!r.target().literal()) {
                reasons.add(OpaqueReason.DYNAMIC_ARGUMENT);
            }
            redirects.add(r);
            if ((r.op().equals(">") || r.op().equals(">>") || r.op().equals("&>") || r.op().equals("&>>"))
                    && (r.fd() < 0 || r.fd() == 1) && PsCarriers.keyOf(r.target()) != null) {
                // `'…' > x.ps1`: one plain string is what later statements find in the file (with a newline)
                boolean plain = !unsafe && payload == null && target == null && words.size() == 1 && words.get(0).literal();
                carriers.recordWrite(PsCarriers.keyOf(r.target()), plain ? words.get(0).text() + "\n" : null, r.op().endsWith(">>"));
                // `'…' > t.ps1` at the top level: the whole text of the file, when it is exactly known
                wholeRuns.write(PsCarriers.keyOf(r.target()), id, plain && r.op().equals(">") && rg.size() <= 2
                        && topLevel(ctx) && PsWholeRuns.exactFormattedText(words.get(0)) && PsWholeRuns.plainKey(r.target()) != null);
            }
        }
        List<Word> argv = words;
        if (!unsafe && payload == null) {
            // A pure expression runs nothing: what is left is the assignment or the redirection.
            argv = List.of();
        }
        List<Word> assignments = List.of();
        if (target != null) {
            StringBuilder text = new StringBuilder(target);
            StringBuilder raw = new StringBuilder(target);
            boolean literal = true;
            Set<WordFeature> features = EnumSet.noneOf(WordFeature.class);
            for (Word w : words) {
                text.append(w.text());
                raw.append(w.raw());
                literal &= w.literal();
                features.addAll(w.features());
            }
            assignments = List.of(new Word(text.toString(), raw.toString(), literal, features));
        }
        out.set(id, new Segment(id, ctx.parent(), ctx.depth(), ctx.prov(), ctx.wrappers(), argv,
                assignments, redirects, List.of(), pos, reasons));
    }

    /**
     * A plain variable, bare or in a scope ({@code $c}, {@code ${c}}, {@code $script:c}), or an
     * environment variable ({@code $env:PATH}).
     */
    private static final Pattern ASSIGNED_VARIABLE = Pattern.compile(
            "(?i)\\$\\{?(?:(env:)|(?:global|script|local|private):)?([A-Za-z_][A-Za-z0-9_]*)\\}?");

    /**
     * The variable a command's output is assigned to ({@code $c = irm URL}, {@code $c += …}) as
     * the assignment word names it: the bare name, {@code env:NAME} for an environment variable
     * (which the rules on hook and lookup variables read, as {@code $env:X = 'v'}); null for
     * several targets, a cast, {@code $null} or a provider path, which keep the command where it stands.
     */
    private static String capturedVariable(List<Part> lhs, String op) {
        if (lhs.size() != 1 || lhs.get(0).kind() != Kind.VARIABLE || !(op.equals("=") || op.equals("+="))) {
            return null;
        }
        Matcher m = ASSIGNED_VARIABLE.matcher(PsText.bare(lhs.get(0).raw()));
        if (!m.matches() || m.group(1) == null && m.group(2).equalsIgnoreCase("null")) {
            return null;
        }
        return m.group(1) == null ? m.group(2) : "env:" + m.group(2);
    }

    private static final Set<String> SCOPES = Set.of("global", "local", "script", "private",
            "using", "env", "variable", "workflow");

    /** True for {@code ${C:\x}}, {@code $function:f}: a provider path, not a plain variable. */
    private static boolean providerPath(String raw) {
        Matcher m = Pattern.compile("^\\$\\{?([^:}]*):").matcher(raw);
        return m.find() && !SCOPES.contains(m.group(1).toLowerCase(Locale.ROOT));
    }

    /** The words of an expression: adjacent elements, commas dropped. */
    private static List<List<Part>> expressionArguments(List<Part> parts) {
        List<List<Part>> args = new ArrayList<>();
        for (List<Part> arg : arguments(parts)) {
            if (arg.get(0).kind() != Kind.COMMA) {
                args.add(arg);
            }
        }
        return args;
    }

    /**
     * True when {@code parts} call a method not known to be harmless: {@code $x.Delete()},
     * {@code [IO.File]::Delete('x')}, {@code (New-Object Net.WebClient).DownloadFile(…)}. Method
     * calls run in expression mode and inside arguments that start with a variable or a group.
     */
    private boolean unsafeCall(List<Part> parts, boolean readsKnown, Ctx ctx) {
        for (int i = 0; i + 1 < parts.size(); i++) {
            Part p = parts.get(i);
            Part next = parts.get(i + 1);
            if (i + 2 < parts.size() && computedMember(p, next, parts.get(i + 2))) {
                return true;
            }
            if (p.kind() == Kind.WORD && next.kind() == Kind.PAREN && adjacent(p, next)) {
                String decoded = PsText.bare(p.raw());
                if (i > 0 && parts.get(i - 1).kind() == Kind.BLOCK && adjacent(parts.get(i - 1), p)
                        && BLOCK_INVOKE.matcher(decoded).matches() && EMPTY_ARGUMENTS.matcher(next.raw()).matches()) {
                    continue;
                }
                String member = member(decoded);
                // (the session's item provider acts on items whatever its method is called:
                // `$ExecutionContext.InvokeProvider.Item.Remove('C:\Users', $true)`)
                // (a string method's name on the file types is a file operation: `[IO.File]::Replace(A, B, $null)` moves A over B)
                if (member != null && (!SAFE_METHODS.contains(member.toLowerCase(Locale.ROOT))
                        || decoded.toLowerCase(Locale.ROOT).contains("invokeprovider")
                        || IO_FILE_TYPE.matcher(decoded).find() && !member.equalsIgnoreCase("exists"))
                        && !SCRIPTBLOCK_CREATE.matcher(decoded).matches()
                        && !(readsKnown && PsFileCalls.known(decoded, heldWritten(next.raw(), ctx, true)))
                        && !(readsKnown && PsEnvironmentCalls.known(decoded, next.raw()))
                        // `$w.WriteLine('x')` on a writer the text opened: the file its constructor named
                        && !PsWriters.call(i > 0 && parts.get(i - 1).kind() == Kind.VARIABLE && adjacent(parts.get(i - 1), p)
                                ? PsText.bare(parts.get(i - 1).raw()) + decoded : decoded, next.raw(), writers)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * True for a member whose name is computed: {@code [IO.File]::('Write'+'AllText')(…)},
     * {@code [IO.File]::$m(…)}, {@code $x.'Delete'()}, {@code $x.$m()}. Whatever the name turns
     * out to be is called, so the call is unknown (a range {@code 1..(n)} is no member, and a
     * property read by a quoted name, {@code (…).'(Default)'}, no call).
     */
    private static boolean computedMember(Part p, Part name, Part arguments) {
        if (!(p.kind() == Kind.WORD || p.kind() == Kind.VARIABLE) || !adjacent(p, name)
                || arguments.kind() != Kind.PAREN || !adjacent(name, arguments)) {
            return false;
        }
        String raw = p.raw();
        boolean open = raw.endsWith("::") || raw.endsWith(".") && !raw.endsWith("..");
        return open && Set.of(Kind.PAREN, Kind.VARIABLE, Kind.SQ, Kind.DQ, Kind.SUBEXPR, Kind.DOLLAR).contains(name.kind());
    }

    /** The member name of {@code $x.Name}/{@code [T]::Name} words, or null for anything else. */
    private static String member(String decoded) {
        if (decoded.startsWith("[") && decoded.indexOf(']') < 0) {
            return null; // an attribute such as [Parameter(…)]
        }
        int close = decoded.lastIndexOf(']');
        int dot = Math.max(decoded.lastIndexOf('.'), decoded.lastIndexOf("::") + 1);
        if (dot < 0 || dot < close) {
            return null;
        }
        String name = decoded.substring(dot + 1);
        return Regex.matches(name, "[\\p{L}_][\\p{L}\\p{N}_]*") ? name : null;
    }

    /**
     * {@code text} with each plain variable that holds a known string ({@link PsValues}) written as
     * that string single-quoted, and each that holds a path as it was assigned, double-quoted
     * ({@code $p = "$HOME\.ssh"; [IO.Directory]::Delete($p, $true)}); only values read as typed
     * ({@link PsValues.Known#sound}) when {@code soundOnly}, the others as they stand.
     */
    private String heldWritten(String text, Ctx ctx, boolean soundOnly) {
        Matcher v = PLAIN_VARIABLE.matcher(text);
        StringBuilder s = new StringBuilder();
        while (v.find()) {
            PsValues.Known k = values.get(v.group(), inOrder(ctx));
            k = k == null || soundOnly && !k.sound() ? null : k;
            String held = k == null ? null : k.string();
            String path = k == null || held != null || k.path() == null || !Regex.matches(k.path(), "[^\"`]+") ? null : k.path();
            v.appendReplacement(s, Matcher.quoteReplacement(held != null ? "'" + held.replace("'", "''") + "'"
                    : path != null ? "\"" + path + "\"" : v.group()));
        }
        v.appendTail(s);
        return s.toString();
    }

    /**
     * The source of {@code parts} with its held values written in ({@link #heldWritten}), and a {@code Start} call naming a variable whose
     * ProcessStartInfo got a literal FileName followed by the start it makes: an extra reading
     * for the .NET calls of an opaque statement.
     */
    private String withValues(List<Part> parts, Ctx ctx) {
        // variables inside groups too (`::Start($f, $a)`): the reading only adds, so text order suffices
        String text = heldWritten(source(parts), ctx, false);
        for (java.util.Map.Entry<String, java.util.Map<String, String>> e : startInfos.entrySet()) {
            String file = e.getValue().get("filename");
            if (file != null && Regex.find(text, "(?i)\\$\\{?" + Pattern.quote(e.getKey()) + "\\b.*\\.start\\(|::start\\(\\s*\\$\\{?" + Pattern.quote(e.getKey()) + "\\b")) {
                text += "; [Diagnostics.Process]::Start('" + file.replace("'", "''") + "', '"
                        + e.getValue().getOrDefault("arguments", "").replace("'", "''") + "')";
            }
        }
        return text;
    }

    /** The text of {@code parts} with one blank where the source had blanks between them. */
    private static String spaced(List<Part> parts) {
        StringBuilder s = new StringBuilder();
        Part prev = null;
        for (Part p : parts) {
            s.append(prev != null && !adjacent(prev, p) ? " " : "").append(p.raw());
            prev = p;
        }
        return s.toString().strip();
    }

    private static String source(List<Part> parts) {
        StringBuilder s = new StringBuilder();
        for (Part p : parts) {
            s.append(p.raw());
        }
        return s.toString();
    }

    // ---- words ------------------------------------------------------------------------------

    /** A word and whether it was a splat. */
    record Built(Word word, boolean splat) {
    }

    /**
     * Builds one word from adjacent elements, walking every group and string subexpression in it.
     * {@code expr} is true in expression mode, where a parenthesis right after a member is a method
     * argument list (expressions only); script blocks are walked with provenance {@code blockProv}.
     */
    private Built word(List<Part> parts, Ctx ctx, boolean expr, Provenance blockProv) {
        StringBuilder text = new StringBuilder();
        StringBuilder raw = new StringBuilder();
        boolean literal = true;
        boolean splat = false;
        Set<WordFeature> f = EnumSet.noneOf(WordFeature.class);
        Part prev = null;
        int at = -1;
        for (Part p : parts) {
            at++;
            raw.append(p.raw());
            switch (p.kind()) {
                case WORD -> {
                    String bare = PsText.bare(p.raw());
                    text.append(prev == null ? PsText.leadingDash(bare) : bare);
                    if (p.raw().indexOf('`') >= 0) {
                        f.add(WordFeature.ESCAPED);
                    }
                    if (PsText.hasWildcard(p.raw())) {
                        f.add(WordFeature.GLOB);
                    }
                }
                case SQ -> {
                    text.append(PsText.verbatim(p.raw()));
                    f.add(WordFeature.SINGLE_QUOTED);
                }
                case HERE_SQ -> {
                    text.append(PsText.hereBody(p.raw()));
                    f.add(WordFeature.SINGLE_QUOTED);
                }
                case DQ, HERE_DQ -> {
                    String bodyText = p.kind() == Kind.DQ
                            ? p.raw().substring(1, p.raw().length() - 1) : PsText.hereBody(p.raw());
                    PsText.Expanded e;
                    try {
                        e = PsText.expandable(bodyText, p.kind() == Kind.DQ);
                    } catch (IllegalArgumentException ex) {
                        throw new SyntaxProblem(ex.getMessage());
                    }
                    f.add(WordFeature.DOUBLE_QUOTED);
                    if (e.escaped()) {
                        f.add(WordFeature.ESCAPED);
                    }
                    for (PsText.Piece piece : e.pieces()) {
                        switch (piece.kind()) {
                            case LITERAL -> text.append(piece.text());
                            case VARIABLE -> {
                                text.append(piece.text());
                                literal = false;
                                f.add(WordFeature.PARAMETER);
                            }
                            case SUBEXPRESSION -> {
                                String named = PsDotNet.specialFolder(piece.text());
                                // `"$([Environment]::GetFolderPath('UserProfile'))\*"`: the folder as written from its variable
                                text.append(named != null ? named : "$(" + piece.text() + ")");
                                literal = false;
                                f.add(WordFeature.COMMAND_SUBSTITUTION);
                                embed(PsSplit.split(piece.text(), level + 1),
                                        ctx.with(Provenance.COMMAND_SUBSTITUTION), List.of());
                            }
                        }
                    }
                }
                case VARIABLE -> {
                    text.append(p.raw());
                    String lower = p.raw().toLowerCase(Locale.ROOT);
                    if (!lower.equals("$true") && !lower.equals("$false") && !lower.equals("$null")) {
                        literal = false;
                        f.add(WordFeature.PARAMETER);
                    }
                }
                case SPLAT -> {
                    text.append(p.raw());
                    literal = false;
                    splat = true;
                    f.add(WordFeature.PARAMETER);
                }
                case PAREN, SUBEXPR -> {
                    String inner = p.raw().substring(p.kind() == Kind.PAREN ? 1 : 2, p.raw().length() - 1);
                    // Not after a member: `$x.M('a')` is a call, its parenthesis no value.
                    if ((prev == null || !adjacent(prev, p)) && LITERAL_STRING.matcher(inner).matches()) {
                        // `("rm x")`, `$('x')`: a constant string in a group is that string.
                        String lit = inner.strip();
                        text.append(lit.startsWith("'") ? PsText.verbatim(lit) : lit.substring(1, lit.length() - 1));
                        f.add(lit.startsWith("'") ? WordFeature.SINGLE_QUOTED : WordFeature.DOUBLE_QUOTED);
                        break;
                    }
                    String folder = prev == null || !adjacent(prev, p) ? PsDotNet.specialFolder(inner) : null;
                    if (folder != null) {
                        // `([Environment]::GetFolderPath('Startup'))`: the folder it names, as written from its variable
                        text.append(folder);
                        literal = false;
                        f.add(WordFeature.PARAMETER);
                        break;
                    }
                    // `(Join-Path ([Environment]::GetFolderPath('Startup')) a.exe)`: the joined path with that folder written out
                    text.append(p.kind() == Kind.PAREN && (prev == null || !adjacent(prev, p)) ? PsDotNet.withSpecialFolders(p.raw()) : p.raw());
                    literal = false;
                    f.add(WordFeature.COMMAND_SUBSTITUTION);
                    // a cast is no call: `[void](Remove-Item …)` runs the command in its group
                    boolean arguments = expr && p.kind() == Kind.PAREN && prev != null && adjacent(prev, p)
                            && (prev.kind() == Kind.WORD && !typeLiteral(prev.raw()) || prev.kind() == Kind.VARIABLE
                                || prev.kind() == Kind.PAREN);
                    List<Word> outerItems = blockItems;
                    List<Word> methodItems = arguments ? collectionItems(parts, at, ctx) : null;
                    if (methodItems != null) {
                        // `(gci ~/.ssh).ForEach({ Get-Content $_.FullName })`: $_ is each listed item
                        blockItems = methodItems;
                    }
                    try {
                        walkBlock(body(p), ctx.with(Provenance.COMMAND_SUBSTITUTION),
                                arguments ? Mode.EXPR : Mode.NORMAL);
                    } finally {
                        blockItems = outerItems;
                    }
                }
                case ARRAY -> {
                    // `@( … )` is never a method's argument list (that test is for a PAREN part).
                    text.append(p.raw());
                    literal = false;
                    f.add(WordFeature.COMMAND_SUBSTITUTION);
                    walkBlock(body(p), ctx.with(Provenance.COMMAND_SUBSTITUTION), Mode.NORMAL);
                }
                case HASH -> {
                    text.append(p.raw());
                    literal = false;
                    walkBlock(body(p), ctx.with(Provenance.COMMAND_SUBSTITUTION), Mode.HASH);
                }
                case BLOCK -> {
                    // The block's effect is in its own segments; the word is its source.
                    text.append(p.raw());
                    // $_ inside is the block's own input: ForEach-Object's piped strings or unknown
                    java.util.Map<String, List<Word>> saved = loopValues;
                    java.util.Map<String, List<Word>> inner = new java.util.HashMap<>(loopValues);
                    inner.remove("_");
                    List<Word> outerItems = blockItems;
                    // (`('~').ForEach{ … }`: the block literal is the method's argument, $_ each item)
                    List<Word> mine = outerItems != null ? outerItems : collectionItems(parts, at, ctx);
                    blockItems = null;
                    // (unknown objects stay unknown whatever the block assigns)
                    if (mine != null && (mine == UNKNOWN_ITEMS || !assignsVariable(p.raw(), "_"))) {
                        inner.put("_", mine);
                    }
                    java.util.Map<String, List<Word>> bound = blockBindings.remove(p);
                    if (bound != null) {
                        inner.putAll(bound);
                    }
                    loopValues = inner;
                    try {
                        walkBlock(body(p), ctx.with(blockProv), Mode.NORMAL);
                    } finally {
                        loopValues = saved;
                        blockItems = outerItems;
                    }
                }
                default -> text.append(p.raw());
            }
            prev = p;
        }
        return new Built(new Word(text.toString(), raw.toString(), literal, f), splat);
    }

    /** {@code ($d in 'a', "b")}: the loop variable and the list. */
    private static final Pattern FOREACH_STRINGS = Pattern.compile("(?is)^\\(\\s*\\$([A-Za-z_][A-Za-z0-9_]*)\\s+in\\s+(.+?)\\s*\\)$");

    /**
     * What a {@code foreach} loop variable stands for when it walks {@code source}: the items a
     * listing names ({@link #listedItems}), {@link #UNKNOWN_ITEMS} for one variable holding
     * objects of unknown source ({@code foreach ($x in $items)}), the enclosing loop's values for
     * its variable; null when not read here (strings are read by the caller).
     */
    private List<Word> itemsOf(List<Part> source, Ctx ctx) {
        if (source.size() != 1 || source.get(0).kind() != Kind.VARIABLE) {
            List<Word> listed = listing(ungrouped(source));
            return listed != null ? listed : listedItems(source);
        }
        String name = loopName(source.get(0).raw());
        if (loopValues.containsKey(name)) {
            return loopValues.get(name);
        }
        if (ITEM_VARIABLES.contains(name) || name.startsWith("env:")) {
            return null;
        }
        PsValues.Known held = values.get(source.get(0).raw(), inOrder(ctx) || headerAtTop);
        if (held != null && held.string() != null) {
            return null;
        }
        if (held != null && held.sound() && held.stages() != null && held.stages().size() == 1) {
            return listedItems(held.stages().get(0));
        }
        return UNKNOWN_ITEMS;
    }

    /** Get-ChildItem's and Get-Item's switches that change which items are listed, not what each is. */
    private static final List<String> LISTING_SWITCHES = List.of("Recurse", "Force", "Directory", "File", "Hidden",
            "System", "ReadOnly", "FollowSymlink");
    /** Their parameters whose value narrows the listing. */
    private static final List<String> LISTING_FILTERS = List.of("Depth", "Filter", "Include", "Exclude", "Attributes");

    /** True for a word of its own that spells one of the {@link #LISTING_SWITCHES} (two letters or more). */
    private static boolean listingSwitch(PsParameterWord p) {
        return p != null && p.value() == null && LISTING_SWITCHES.stream().anyMatch(n -> p.spells(n, 2));
    }

    /**
     * True for the common parameters that name a variable the objects also go to
     * ({@code -PipelineVariable}/{@code -pv}, {@code -OutVariable}/{@code -ov}), given lower case.
     */
    private static boolean variableParameter(String lower) {
        return lower.equals("-pv") || lower.equals("-ov") || lower.length() >= 4 && "-pipelinevariable".startsWith(lower)
                || lower.length() >= 5 && "-outvariable".startsWith(lower);
    }

    /**
     * The variable a stage's {@code -PipelineVariable NAME} (or {@code -pv NAME}) names, lower
     * case, or null. Each later stage of the pipeline sees the stage's current object in it.
     */
    private static String pipelineVariable(List<Part> stage) {
        for (int i = 1; i + 1 < stage.size(); i++) {
            String t = PsText.bare(stage.get(i).raw()).toLowerCase(Locale.ROOT);
            if (stage.get(i).kind() == Kind.WORD && (t.equals("-pv") || t.length() >= 4 && "-pipelinevariable".startsWith(t))
                    && stage.get(i + 1).kind() == Kind.WORD && !adjacent(stage.get(i), stage.get(i + 1))) {
                return loopName("$" + PsText.bare(stage.get(i + 1).raw()));
            }
        }
        return null;
    }

    /**
     * The path each object of a listing stage stands for: {@code Get-ChildItem .\build} (any
     * switch or filter) gives items below the folder, {@code .\build\*}; {@code Get-Item X} gives
     * {@code X} (so do {@code Resolve-Path X} and {@code Convert-Path X}, whose path strings bind as Get-Item's
     * objects do); null for anything else (another command, a computed word, {@code -Name}, whose
     * objects are bare names read against the working folder). A folder written from
     * {@code $HOME}, {@code $PWD} or an environment variable ({@code Get-ChildItem $HOME\.ssh})
     * gives a computed word as written ({@code $HOME\.ssh\*}), which the rules read where it
     * stands as they read that path typed: a secret folder's items are secret, a delete stays dynamic.
     */
    private static List<Word> listedItems(List<Part> stage) {
        if (stage.isEmpty() || stage.get(0).kind() != Kind.WORD) {
            return null;
        }
        String command = PsNames.canonical(PsText.bare(stage.get(0).raw()));
        boolean children = command.equals("Get-ChildItem");
        if (!children && !command.equals("Get-Item") && !command.equals("Resolve-Path") && !command.equals("Convert-Path")) {
            return null;
        }
        String path = null;
        boolean computed = false;
        int positional = 0;
        for (int i = 1; i < stage.size(); i++) {
            Part p = stage.get(i);
            int end = variablePathEnd(stage, i);
            if (end >= i) {
                // `Get-ChildItem $HOME\.ssh`: one positional folder from a known path variable
                if (positional != 0 || path != null || adjacent(stage.get(i - 1), p)) {
                    return null;
                }
                path = variablePath(stage, i, end);
                computed = true;
                positional++;
                i = end;
                continue;
            }
            if (adjacent(stage.get(i - 1), p) || p.kind() != Kind.WORD && p.kind() != Kind.SQ) {
                return null;
            }
            String t = p.kind() == Kind.SQ ? PsText.verbatim(p.raw()) : PsText.bare(p.raw());
            String lower = t.toLowerCase(Locale.ROOT);
            PsParameterWord w = p.kind() == Kind.WORD ? PsParameterWord.of(t) : null;
            if (p.kind() == Kind.WORD && t.startsWith("-") && t.length() > 1) {
                if (listingSwitch(w)) {
                    continue;
                }
                if (variableParameter(lower) && i + 1 < stage.size() && stage.get(i + 1).kind() == Kind.WORD
                        && !adjacent(p, stage.get(i + 1))) {
                    i++; // `-PipelineVariable f`: names a variable, not which items are listed
                    continue;
                }
                boolean filter = w != null && w.value() == null && LISTING_FILTERS.stream().anyMatch(n -> w.spells(n, 2));
                boolean named = w != null && w.value() == null && (w.spells("Path", 2) || w.spells("LiteralPath", 2, "lp", "pspath"));
                if ((!filter && !named) || i + 1 >= stage.size()) {
                    return null;
                }
                if (named) {
                    if (path != null) {
                        return null;
                    }
                    Part v = stage.get(++i);
                    int last = variablePathEnd(stage, i);
                    if (!adjacent(p, v) && last >= i) {
                        // `Get-ChildItem -Path $env:USERPROFILE\.aws`
                        path = variablePath(stage, i, last);
                        computed = true;
                        i = last;
                        continue;
                    }
                    if (v.kind() != Kind.WORD && v.kind() != Kind.SQ || adjacent(p, v)) {
                        return null;
                    }
                    path = v.kind() == Kind.SQ ? PsText.verbatim(v.raw()) : PsText.bare(v.raw());
                } else {
                    i++;
                }
                continue;
            }
            // the first positional word is the path, Get-ChildItem's second its filter
            if (positional == 0 && path == null) {
                path = t;
            } else if (!(children && positional == 1)) {
                return null;
            }
            positional++;
        }
        path = path == null ? "." : path;
        if (path.isEmpty() || path.indexOf('$', computed ? 1 : 0) >= 0 || path.indexOf('`') >= 0) {
            return null;
        }
        if (!children || path.matches(".*[*?\\[].*")) {
            // (a wildcard's matches are the items themselves, or below them: `gci *.tmp`, `gci C:\U*`)
            return List.of(listedWord(path, computed));
        }
        String sep = path.indexOf('/') >= 0 && path.indexOf('\\') < 0 ? "/" : "\\";
        return List.of(listedWord(path.endsWith("/") || path.endsWith("\\") ? path + "*" : path + sep + "*", computed));
    }

    /** A listed item's path: a literal, or as written from a known path variable (computed, as {@link #word} makes {@code $HOME\x}). */
    private static Word listedWord(String path, boolean computed) {
        return computed ? new Word(path, path, false, Set.of(WordFeature.PARAMETER)) : Word.literal(path);
    }

    /**
     * The index of the last part of a folder written from a known path variable at {@code at}
     * ({@code $HOME}, {@code $env:USERPROFILE\.aws}: the variable and the bare words adjacent to
     * it), or -1 when the argument there is no such folder.
     */
    private static int variablePathEnd(List<Part> stage, int at) {
        Part p = stage.get(at);
        if (p.kind() != Kind.VARIABLE || !KNOWN_PATH_VARIABLE.matcher(PsText.bare(p.raw())).matches()) {
            return -1;
        }
        int end = at;
        while (end + 1 < stage.size() && adjacent(stage.get(end), stage.get(end + 1))) {
            Part next = stage.get(end + 1);
            if (next.kind() != Kind.WORD || next.raw().indexOf('`') >= 0 || next.raw().indexOf('$') >= 0) {
                return -1;
            }
            end++;
        }
        return end;
    }

    /** The text of the folder {@link #variablePathEnd} found: the variable as written, then its bare words. */
    private static String variablePath(List<Part> stage, int from, int end) {
        StringBuilder b = new StringBuilder(stage.get(from).raw());
        for (int k = from + 1; k <= end; k++) {
            b.append(PsText.bare(stage.get(k).raw()));
        }
        return b.toString();
    }

    /** True when {@code value} names a loop variable that stands for objects of unknown source ({@code $_.Id}, {@code "$($x.Name)"}). */
    private boolean refersToUnknownItems(List<Part> value) {
        if (!loopValues.containsValue(UNKNOWN_ITEMS)) {
            return false;
        }
        Matcher v = PLAIN_VARIABLE.matcher(source(value));
        while (v.find()) {
            if (loopValues.get(loopName(v.group())) == UNKNOWN_ITEMS) {
                return true;
            }
        }
        return false;
    }

    /** The loop-variable key of {@code $_}, {@code $PSItem}, {@code ${d}}, {@code $d}: lower case, {@code _} for the pipeline item. */
    private static String loopName(String raw) {
        String n = PsText.bare(raw).toLowerCase(Locale.ROOT);
        n = n.startsWith("$") ? n.substring(1) : n;
        n = n.startsWith("{") && n.endsWith("}") ? n.substring(1, n.length() - 1) : n;
        return n.equals("psitem") ? "_" : n;
    }

    /**
     * True when {@code source} may change variable {@code name} ({@code $d = …}, {@code $d += …},
     * {@code [ref]}, {@code Set-Variable}, {@code New-Variable}, {@code Clear-Variable}): its loop
     * values are then not used.
     */
    private static boolean assignsVariable(String source, String name) {
        String v = name.equals("_") ? "(\\$_|\\$psitem)" : "\\$\\{?" + Pattern.quote(name) + "\\}?";
        return Pattern.compile("(?i)" + v + "(?![A-Za-z0-9_])\\s*([-+*/%?]?=(?!=)|\\+\\+|--)").matcher(source).find()
                || Pattern.compile("(?i)\\[ref\\]|-variable|\\bsv\\b|\\bnv\\b|\\bclv\\b|\\bvariable:").matcher(source).find();
    }

    /** True for a type literal such as {@code [void]} or {@code [System.IO.File]} (a cast before a group). */
    private static boolean typeLiteral(String raw) {
        String d = PsText.bare(raw);
        return d.startsWith("[") && d.endsWith("]");
    }

    /** Splits a PowerShell payload and attaches it under segment {@code id}. */
    void embedPowerShell(String payload, int id, Ctx ctx, Provenance prov, String wrapper,
            Set<OpaqueReason> reasons) {
        if (level + 1 > PsSplit.MAX_LEVEL) {
            reasons.add(OpaqueReason.LIMIT_EXCEEDED);
            return;
        }
        embed(PsSplit.split(payload, level + 1), new Ctx(id, ctx.depth() + 1, prov, ctx.wrappers()),
                List.of(wrapper));
    }


    // ---- segment bookkeeping ----------------------------------------------------------------

    int reserve() {
        if (out.size() >= MAX_SEGMENTS) {
            throw new LimitProblem("too many segments");
        }
        out.add(null);
        return out.size() - 1;
    }

    /**
     * Appends the segments of a nested split: top-level ones get {@code target}'s parent,
     * provenance and depth; nested ones keep theirs, shifted.
     */
    void embed(SplitResult r, Ctx target, List<String> wrappers) {
        int offset = out.size();
        if (offset + r.segments().size() > MAX_SEGMENTS) {
            throw new LimitProblem("too many segments");
        }
        for (Segment s : r.segments()) {
            int parent = s.parent() < 0 ? target.parent() : s.parent() + offset;
            Provenance p = s.provenance() == Provenance.TOP ? target.prov() : s.provenance();
            List<String> w = new ArrayList<>(target.wrappers());
            w.addAll(wrappers);
            w.addAll(s.wrappers());
            out.add(new Segment(offset + s.id(), parent, target.depth() + s.depth(), p, w, s.argv(),
                    s.assignments(), s.redirects(), s.heredocs(), s.position(), s.opaqueReasons()));
        }
    }

    /**
     * Appends the descendants of segment {@code top} of a nested split under segment {@code id},
     * which stands for {@code top} itself: {@code top}'s children get parent {@code id}, every
     * descendant keeps its provenance and position, its depth is counted from {@code id}'s
     * ({@code ctx.depth()}), and {@code ctx.wrappers()} come first in its wrappers.
     */
    void embedDescendants(SplitResult r, int top, int id, Ctx ctx) {
        embedDescendants(r, top, id, ctx, false);
    }

    /**
     * As {@link #embedDescendants(SplitResult, int, int, Ctx)}; with {@code withTop}, {@code top}
     * itself comes first as a {@code WRAPPED} child of {@code id} (another spelling of the same
     * program: {@code py -3 -c …} read as {@code python -c …}) and its descendants under it.
     */
    void embedDescendants(SplitResult r, int top, int id, Ctx ctx, boolean withTop) {
        java.util.Map<Integer, Integer> ids = new java.util.HashMap<>();
        ids.put(top, withTop ? out.size() : id);
        List<Segment> keep = new ArrayList<>();
        for (Segment s : r.segments()) {
            // INVARIANT: a split lists a parent before its children, so one pass finds them all
            if (s.id() == top && withTop) {
                keep.add(s);
            } else if (s.id() != top && ids.containsKey(s.parent())) {
                ids.put(s.id(), out.size() + keep.size());
                keep.add(s);
            }
        }
        if (out.size() + keep.size() > MAX_SEGMENTS) {
            throw new LimitProblem("too many segments");
        }
        int shift = withTop ? 1 : 0;
        for (Segment s : keep) {
            List<String> w = new ArrayList<>(ctx.wrappers());
            w.addAll(s.wrappers());
            boolean isTop = s.id() == top;
            Provenance p = isTop || s.provenance() == Provenance.TOP ? Provenance.WRAPPED : s.provenance();
            int parent = isTop ? id : ids.get(s.parent());
            out.add(new Segment(ids.get(s.id()), parent, ctx.depth() + s.depth() + shift, p, w, s.argv(),
                    s.assignments(), s.redirects(), s.heredocs(), s.position(), s.opaqueReasons()));
        }
    }

    /** Fills a slot taken with {@link #reserve()}. */
    void set(int id, Segment segment) {
        out.set(id, segment);
    }

    /**
     * Records a user alias ({@code Set-Alias x Remove-Item}): calls of {@code x} are read as the
     * target; a name given different targets is not resolved.
     */
    void addAlias(String name, String target) {
        String key = name.toLowerCase(Locale.ROOT);
        String before = aliases.get(key);
        aliases.put(key, before == null || before.equalsIgnoreCase(target) ? target : "");
    }

    /**
     * One value of a hashtable entry: a quoted string without expansions, a number or $true/$false
     * (groups 1-3, literal), a plain variable ({@code $HOME}, {@code $env:USERPROFILE}; group 4) or
     * a double-quoted string expanding only plain variables ({@code "$HOME\.ssh\id_rsa"}; group 5):
     * the last two are words as the command line would have them, not literal, so that
     * {@code @{LiteralPath=$HOME; Recurse=$true}} splats as {@code -LiteralPath $HOME -Recurse}.
     */
    private static final Pattern HASH_VALUE = Pattern.compile(
            "'((?:[^'\u2018\u2019\u201A\u201B]|'')*)'|\"([^\"`$\u201C\u201D\u201E]*)\"|(\\$true\\b|\\$false\\b|\\d+)"
            + "|(\\$(?:env:)?[A-Za-z_][A-Za-z0-9_]*)|\"((?:[^\"`$\u201C\u201D\u201E]|\\$(?:env:)?[A-Za-z_][A-Za-z0-9_]*)*)\"",
            Pattern.CASE_INSENSITIVE);
    /** One entry of a hashtable literal: key = value[, value…], then a separator or the end. */
    private static final Pattern HASH_ENTRY = Pattern.compile(
            "\\s*(?:'([A-Za-z][A-Za-z0-9]*)'|\"([A-Za-z][A-Za-z0-9]*)\"|([A-Za-z][A-Za-z0-9]*))\\s*=\\s*"
            + "((?:" + HASH_VALUE.pattern() + ")(?:\\s*,\\s*(?:" + HASH_VALUE.pattern() + "))*)\\s*(?:;|\\n|\\r\\n?|$)",
            Pattern.CASE_INSENSITIVE);

    /**
     * The words splatting a hashtable literal gives ({@code @{Path='C:\'; Recurse=$true}} is
     * {@code -Path C:\ -Recurse}), or null unless every entry is a plain value.
     */
    static List<Word> splatWords(String hash) {
        if (!hash.startsWith("@{") || !hash.endsWith("}")) {
            return null;
        }
        String body = hash.substring(2, hash.length() - 1).strip();
        List<Word> out = new ArrayList<>();
        int at = 0;
        Matcher m = HASH_ENTRY.matcher(body);
        while (at < body.length()) {
            if (!m.find(at) || m.start() != at || m.end() == at) {
                return null;
            }
            String key = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            Matcher v = HASH_VALUE.matcher(m.group(4));
            List<Word> values = new ArrayList<>();
            while (v.find()) {
                if (v.group(1) != null) {
                    values.add(new Word(v.group(1).replace("''", "'"), v.group(), true, Set.of(WordFeature.SINGLE_QUOTED)));
                } else if (v.group(2) != null) {
                    values.add(new Word(v.group(2), v.group(), true, Set.of(WordFeature.DOUBLE_QUOTED)));
                } else if (v.group(4) != null) {
                    values.add(new Word(v.group(4), v.group(), false, Set.of(WordFeature.PARAMETER)));
                } else if (v.group(5) != null) {
                    values.add(new Word(v.group(5), v.group(), false, Set.of(WordFeature.DOUBLE_QUOTED, WordFeature.PARAMETER)));
                } else {
                    values.add(Word.literal(v.group(3)));
                }
            }
            if (values.size() == 1 && values.get(0).text().equalsIgnoreCase("$true")) {
                out.add(Word.literal("-" + key));
            } else {
                out.add(new Word("-" + key, "-" + key + ":", true, Set.of()));
                out.addAll(values);
            }
            at = m.end();
        }
        return out;
    }

    /** Records a name the text defines (alias, function): calls of it are USER_FUNCTION. */
    void addUserCommand(String name) {
        userCommands.add(name.toLowerCase(Locale.ROOT));
        redefined.add(name.toLowerCase(Locale.ROOT));
        staticFunctions.remove(name.toLowerCase(Locale.ROOT));
    }

    /**
     * A body that reads its arguments, pipeline input or caller, leaves early, defines commands,
     * or uses any variable or splat: not judged by its commands alone.
     */
    private static final Pattern STATEFUL_BODY = Pattern.compile(
            "[$@`]|(?i)\\b(param|return|exit|break|continue|throw|trap|function|filter|begin|process|end|dynamicparam"
            + "|set-alias|new-alias|sal|nal|set-item|new-item|ni|si|invoke-expression|iex|import-module|ipmo)\\b|^\\{\\s*\\}$|(?<![\\w-])\\.\\s");

    /** Functions defined once, at the top, with a static body: lower-case name to the body's segments, from (inclusive) to. */
    private final java.util.Map<String, int[]> staticFunctions = new java.util.HashMap<>();
    /** Names defined (as function or alias) by the text so far, lower case. */
    private final Set<String> redefined = new java.util.HashSet<>();
    /** Aliases set by an unconditional statement at the top (lower case). */
    private final Set<String> sureAliases = new java.util.HashSet<>();
    /** Calls of static functions: the call's segment id and the function's lower-case name. */
    private final List<java.util.Map.Entry<Integer, String>> staticCalls = new ArrayList<>();

    /** A statement that surely runs, once, in the script's own scope: at the top, alone, in the foreground. */
    static boolean topStatement(Ctx ctx, Position pos) {
        return ctx.prov() == Provenance.TOP && ctx.depth() == 0 && ctx.wrappers().isEmpty() && pos.stages() == 1
                && !pos.background();
    }

    /** Records that {@code Set-Alias NAME …} ran as a {@link #topStatement}. */
    void sureAlias(String name) {
        sureAliases.add(name.toLowerCase(Locale.ROOT));
    }

    /**
     * {@code Set-Alias g git; g status}: an alias set at the top to a command that is no user
     * command, whose name is no cmdlet or built-in alias (a read-only one would stay), is its
     * target, which the segment already is: the call is not USER_FUNCTION.
     */
    private boolean knownAlias(String raw) {
        String link = raw;
        for (int hops = 0; hops <= MAX_ALIAS_HOPS; hops++) {
            // every link of a chain (`Set-Alias l2 ll; Set-Alias ll Get-ChildItem`) set surely, none a built-in name
            String key = link.toLowerCase(Locale.ROOT);
            String canonical = PsNames.canonical(link);
            String next = aliases.get(key);
            if (next == null || next.isEmpty() || !sureAliases.contains(key) || !canonical.equalsIgnoreCase(link)
                    || PsNames.isKnownCmdlet(canonical)) {
                return false;
            }
            if (!aliases.containsKey(next.toLowerCase(Locale.ROOT))) {
                return !userCommands.contains(next.toLowerCase(Locale.ROOT));
            }
            link = next;
        }
        return false;
    }

    /** The longest alias chain followed; a longer one is read as unknown. */
    private static final int MAX_ALIAS_HOPS = 16;

    /**
     * The command a user alias runs in the end: {@code Set-Alias a Remove-Item; Set-Alias b a} makes
     * {@code b} run Remove-Item, since PowerShell resolves an alias whose target is an alias again
     * at each call. Null when the name is no user alias; "" when a link was given different targets,
     * or the chain loops or is longer than {@link #MAX_ALIAS_HOPS} (the call stays a user command).
     */
    private String aliasTarget(String name) {
        String target = aliases.get(name.toLowerCase(Locale.ROOT));
        Set<String> seen = new java.util.HashSet<>();
        seen.add(name.toLowerCase(Locale.ROOT));
        while (target != null && !target.isEmpty()) {
            String next = aliases.get(target.toLowerCase(Locale.ROOT));
            if (next == null) {
                return target;
            }
            if (!seen.add(target.toLowerCase(Locale.ROOT)) || seen.size() > MAX_ALIAS_HOPS) {
                return "";
            }
            target = next;
        }
        return target;
    }

    /**
     * {@code function build { dotnet build }; build}: a call without arguments, alone in the
     * foreground, of a function defined once at the top whose body is static (no variables,
     * parameters, early exits or definitions) and whose every command is known is those
     * commands, judged as segments of the body: the call is not USER_FUNCTION.
     */
    private void releaseStaticCalls() {
        for (java.util.Map.Entry<Integer, String> call : staticCalls) {
            int[] body = staticFunctions.get(call.getValue());
            if (body == null || body[1] <= body[0] || body[1] > call.getKey()) {
                continue;
            }
            boolean known = true;
            for (Segment s : out.subList(body[0], body[1])) {
                known &= s.opaqueReasons().isEmpty() && !s.argv().isEmpty() && s.argv().get(0).literal();
            }
            Segment s = out.get(call.getKey());
            if (known) {
                Set<OpaqueReason> reasons = EnumSet.noneOf(OpaqueReason.class);
                reasons.addAll(s.opaqueReasons());
                reasons.remove(OpaqueReason.USER_FUNCTION);
                out.set(s.id(), new Segment(s.id(), s.parent(), s.depth(), s.provenance(), s.wrappers(), s.argv(),
                        s.assignments(), s.redirects(), s.heredocs(), s.position(), reasons));
            }
        }
    }

    int level() {
        return level;
    }

    static List<String> append(List<String> list, String item) {
        List<String> l = new ArrayList<>(list);
        l.add(item);
        return l;
    }

}
