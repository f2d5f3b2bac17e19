package dev.shellwarden.checker.cli;

import dev.shellwarden.checker.protocol.LetterReader;
import dev.shellwarden.checker.protocol.ProtocolException;
import dev.shellwarden.grammar.json.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the commands {@code scan} judges, recognising per line: JSONL with a {@code cmd} field,
 * bash history ({@code #1700000000} timestamp lines are dropped), zsh extended history
 * ({@code : 1700000000:0;cmd}, the prefix is stripped) or one plain command per line. A line ending
 * in a backslash continues on the next (how zsh stores multi-line commands).
 */
final class CommandSource {

    private static final Pattern BASH_TIME = Pattern.compile("#[0-9]{9,11}");
    private static final Pattern ZSH_EXTENDED = Pattern.compile(": ?[0-9]{9,11}:[0-9]+;(.*)", Pattern.DOTALL);

    /**
     * One command, the line it started on, and its shell when the line said (a JSONL
     * {@code "shell"} field), else empty for the config's.
     */
    record Entry(int line, String cmd, String shell) {
    }

    /** What was read: the commands and one warning per line that could not be used. */
    record Result(List<Entry> entries, List<String> warnings) {
    }

    private CommandSource() {
    }

    /** Reads every command from {@code in}; {@code label} names the source in warnings. */
    static Result read(BufferedReader in, String label) throws IOException {
        List<Entry> entries = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        String line;
        int n = 0;
        while ((line = in.readLine()) != null) {
            n++;
            int start = n;
            while (endsWithContinuation(line)) {
                String next = in.readLine();
                if (next == null) {
                    break;
                }
                n++;
                line = line.substring(0, line.length() - 1) + "\n" + next;
            }
            String[] cmd = command(line, label, start, warnings);
            if (cmd != null && !cmd[0].isBlank()) {
                entries.add(new Entry(start, cmd[0], cmd[1]));
            }
        }
        return new Result(entries, warnings);
    }

    /** An odd number of trailing backslashes: the newline is escaped. */
    private static boolean endsWithContinuation(String line) {
        int k = 0;
        for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
            k++;
        }
        return k % 2 == 1;
    }

    /** The command and its shell ("" when not given), or null for a line without a command. */
    private static String[] command(String line, String label, int n, List<String> warnings) {
        String trimmed = line.strip();
        if (trimmed.isEmpty() || BASH_TIME.matcher(trimmed).matches()) {
            return null;
        }
        if (trimmed.startsWith("{")) {
            try {
                Object tree = LetterReader.parseJson(Json.Dialect.STRICT, trimmed);
                if (tree instanceof Map<?, ?> m && m.get("cmd") instanceof String s) {
                    Object shell = m.get("shell");
                    if ("bash".equals(shell) || "powershell".equals(shell)) {
                        return new String[] {s, (String) shell};
                    }
                    return new String[] {s, ""};
                }
                warnings.add(label + ":" + n + ": JSON line without a string `cmd` field, skipped");
            } catch (ProtocolException e) {
                warnings.add(label + ":" + n + ": " + e.getMessage() + ", skipped");
            }
            return null;
        }
        Matcher z = ZSH_EXTENDED.matcher(line);
        if (z.matches()) {
            return new String[] {z.group(1), ""};
        }
        return new String[] {line, ""};
    }
}
