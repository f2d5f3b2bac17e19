package dev.shellwarden.engine;

import dev.shellwarden.grammar.OpaqueReason;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The engine's own decisions, for what no DRL rule speaks to: defaults per mode and opacity. They
 * carry ids and messages like DRL rules so verdicts, docs and corpus treat them alike.
 */
public final class BuiltinRules {

    /** LOOSE: a static segment no rule flagged runs. */
    public static final RuleInfo DEFAULT_LOOSE = of("SW0001", "default-loose", "default", Verdict.ALLOW,
            Verdict.ALLOW, "LOOSE mode allows a static command that no rule flags", "");
    /** HARD: a segment no rule allows goes to the human. */
    public static final RuleInfo DEFAULT_HARD = of("SW0002", "default-hard", "default", Verdict.ASK,
            Verdict.ASK, "HARD mode asks about every command that no rule allows",
            "no rule allows this command in HARD mode: the user decides");
    /** A text that runs nothing. */
    public static final RuleInfo EMPTY = of("SW0003", "empty-command", "default", Verdict.ALLOW,
            Verdict.ALLOW, "a text with no command (blank or comments only) runs nothing", "");
    /** A letter whose action is not a shell command. */
    public static final RuleInfo NOT_SHELL = of("SW0004", "not-a-shell-action", "default", Verdict.ASK,
            Verdict.ASK, "the letter's action is not a shell command, which shell-warden does not judge",
            "shell-warden judges shell commands only: the user decides this action");
    /** The rule engine exceeded its firing bound. */
    public static final RuleInfo ENGINE_LIMIT = of("SW0005", "engine-limit", "default", Verdict.ASK,
            Verdict.ASK, "the rules fired more often than the engine allows for one command",
            "the command is too complex to judge automatically: the user decides");

    /** A config {@code allow} pattern matched (HARD runs the segment unless a rule objects). */
    public static final RuleInfo CONFIG_ALLOW = of("SW0006", "config-allow", "config", Verdict.ALLOW,
            Verdict.ALLOW, "the project's config allows commands starting with this argv prefix", "");
    /** A config {@code ask} pattern matched. */
    public static final RuleInfo CONFIG_ASK = of("SW0007", "config-ask", "config", Verdict.ASK,
            Verdict.ASK, "the project's config asks about commands starting with this argv prefix",
            "the project's shell-warden config asks about this command: the user decides");
    /** A config {@code deny} pattern matched. */
    public static final RuleInfo CONFIG_DENY = of("SW0008", "config-deny", "config", Verdict.DENY,
            Verdict.DENY, "the project's config denies commands starting with this argv prefix",
            "the project's shell-warden config denies this command: use the project's documented alternative or ask the user");
    /** A command line in text written to a file a tool runs later, which would be asked about or denied if it ran now. */
    public static final RuleInfo LATER_FILE = of("SW4054", "run-later-file-holds-command", "bypass", Verdict.ASK, Verdict.ASK,
            "text written to a file an everyday tool runs or loads later (a Makefile recipe, conftest.py, build.rs, a node_modules/.bin shim, mise tasks) holds a command that would be asked about or denied if it ran now",
            "the next make, pytest, cargo or npm run starts the command this text holds, and nobody reviews it then: leave the command out of the file, or ask the user");

    private static final Map<OpaqueReason, RuleInfo> OPAQUE = new EnumMap<>(OpaqueReason.class);

    static {
        opaque(OpaqueReason.SYNTAX_ERROR, "syntax-error", "the command does not parse",
                "the command does not parse as shell syntax: fix the quoting or split it into simpler commands");
        opaque(OpaqueReason.DYNAMIC_COMMAND, "dynamic-command", "the command name is not a literal word",
                "the program to run is computed at run time: write the command name out literally");
        opaque(OpaqueReason.DYNAMIC_ARGUMENT, "dynamic-argument", "a deciding argument is not literal",
                "an argument that decides what this command does is computed at run time: write it out literally");
        opaque(OpaqueReason.DYNAMIC_EVAL, "dynamic-eval", "eval of text that is not literal",
                "eval runs text computed at run time: run the commands directly instead of through eval");
        opaque(OpaqueReason.DYNAMIC_PAYLOAD, "dynamic-payload", "a shell payload that is not literal",
                "the script passed to the shell is computed at run time: run the commands directly");
        opaque(OpaqueReason.UNSUPPORTED_CONSTRUCT, "unsupported-construct", "a construct the splitter does not model",
                "the command uses shell syntax shell-warden cannot analyse yet: use a simpler form");
        opaque(OpaqueReason.LIMIT_EXCEEDED, "limit-exceeded", "a size, depth or expansion limit was exceeded",
                "the command is too large or too deeply nested to analyse: split it into smaller commands");
        opaque(OpaqueReason.USER_FUNCTION, "user-function", "a call to a function or alias defined in the same text",
                "the command calls a function defined in the same text: run its commands directly");
        opaque(OpaqueReason.INTERPRETER_SCRIPT, "interpreter-script", "an interpreter runs a script shell-warden cannot see",
                "an interpreter runs code shell-warden cannot read: write the script to a file in the project and run it");
        opaque(OpaqueReason.UNDECODABLE_PAYLOAD, "undecodable-payload", "an encoded payload could not be decoded",
                "the encoded payload could not be decoded: pass the command as plain text");
        opaque(OpaqueReason.INTERNAL_ERROR, "internal-error", "the splitter failed on this text",
                "shell-warden could not analyse this command: the user decides");
    }

    private BuiltinRules() {
    }

    private static void opaque(OpaqueReason reason, String slug, String summary, String message) {
        OPAQUE.put(reason, of(reason.code(), slug, "opaque", Verdict.ASK, Verdict.ASK, summary, message));
    }

    private static RuleInfo of(String id, String slug, String family, Verdict loose, Verdict hard,
            String summary, String message) {
        return new RuleInfo(id, id + " " + slug, family, Optional.of(loose), Optional.of(hard), summary, message);
    }

    /** The rule reported when a segment is opaque for {@code reason} and nothing stricter fired. */
    public static RuleInfo forOpaque(OpaqueReason reason) {
        return OPAQUE.get(reason);
    }

    /** The rule reported for a config pattern with this verdict. */
    public static RuleInfo forPattern(Verdict verdict) {
        return switch (verdict) {
            case ALLOW -> CONFIG_ALLOW;
            case ASK -> CONFIG_ASK;
            case DENY -> CONFIG_DENY;
        };
    }

    /** Every engine rule, in id order. */
    public static List<RuleInfo> all() {
        List<RuleInfo> all = new java.util.ArrayList<>(List.of(DEFAULT_LOOSE, DEFAULT_HARD, EMPTY, NOT_SHELL, ENGINE_LIMIT,
                CONFIG_ALLOW, CONFIG_ASK, CONFIG_DENY));
        all.addAll(OPAQUE.values());
        all.add(LATER_FILE);
        return List.copyOf(all);
    }
}
