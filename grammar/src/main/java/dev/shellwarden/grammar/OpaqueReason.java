package dev.shellwarden.grammar;

/**
 * Why a segment could not be resolved to literal words. A closed set: rules and documentation rely
 * on every value, and each has a stable code and corpus cases.
 */
public enum OpaqueReason {
    /** The text does not parse (including errors the parser could have silently repaired). */
    SYNTAX_ERROR("SW1001"),
    /** The command name is not a literal word ({@code $X -rf /}, {@code "$(which rm)"}). */
    DYNAMIC_COMMAND("SW1002"),
    /** A word that decides the command's effect is not literal. */
    DYNAMIC_ARGUMENT("SW1003"),
    /** {@code eval} or {@code Invoke-Expression} of something that is not a literal. */
    DYNAMIC_EVAL("SW1004"),
    /** A shell payload ({@code bash -c "$X"}) that is not a literal. */
    DYNAMIC_PAYLOAD("SW1005"),
    /** A construct the splitter does not model. */
    UNSUPPORTED_CONSTRUCT("SW1006"),
    /** A size, depth, token or expansion limit was exceeded. */
    LIMIT_EXCEEDED("SW1007"),
    /** A call to a function or alias defined in the same text. */
    USER_FUNCTION("SW1008"),
    /** An interpreter reads a script from stdin, a file or a heredoc the splitter cannot see into. */
    INTERPRETER_SCRIPT("SW1009"),
    /** An encoded payload could not be decoded. */
    UNDECODABLE_PAYLOAD("SW1010"),
    /** The splitter failed internally; the text is treated as unknown. */
    INTERNAL_ERROR("SW1011");

    private final String code;

    OpaqueReason(String code) {
        this.code = code;
    }

    /** The stable rule id reported when this reason decides a verdict. */
    public String code() {
        return code;
    }
}
