package dev.shellwarden.grammar;

import java.util.Objects;

/**
 * One redirection of a simple command.
 *
 * @param op     the operator as written: {@code <, >, >>, >|, <>, &>, &>>, <&, >&, <<, <<-, <<<}
 * @param fd     the explicit file descriptor before the operator, or -1 when absent
 * @param target the target word (a file, a descriptor such as {@code 1} or {@code -}, a heredoc
 *               delimiter or a here-string)
 */
public record Redirect(String op, int fd, Word target) {

    /** Validates the fields. */
    public Redirect {
        Objects.requireNonNull(op, "op");
        Objects.requireNonNull(target, "target");
    }

    /** True when the redirection writes to its target (truncating or appending). */
    public boolean writes() {
        return switch (op) {
            // `>&WORD` with a WORD that is no descriptor number is `&>WORD`: a write to the file
            case ">", ">>", ">|", "&>", "&>>", "<>", ">&" -> !isDescriptorDup();
            default -> false;
        };
    }

    /** True for {@code >&N}, {@code <&N} and {@code N>&-}: a descriptor copy, not a file. */
    public boolean isDescriptorDup() {
        return (op.equals(">&") || op.equals("<&"))
                && (target.text().equals("-") || target.text().chars().allMatch(Character::isDigit));
    }
}
