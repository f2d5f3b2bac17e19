package dev.shellwarden.grammar;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The configuration file an ssh-family command is given with {@code -F FILE} (ssh, autossh, scp,
 * sftp, sshfs), read the way getopt reads the tool's options: {@code -F FILE}, {@code -FFILE} and
 * the F at the end of a cluster ({@code -vF FILE}).
 *
 * <p>WHY: a configuration file runs programs ({@code ProxyCommand}, {@code LocalCommand},
 * {@code KnownHostsCommand}, {@code Match exec}). Its text is usually not known
 * ({@code vagrant ssh-config | ssh -F /dev/stdin default}), but when the command line prints it
 * ({@code printf 'Host *\n ProxyCommand …' | ssh -F /dev/stdin x}, {@code -F <(printf …)}, a file
 * written earlier on the line) the walker hands that text to the command as its here-document, and
 * the engine reads its lines as it reads {@code -o} options (SshLocalPrograms).
 */
public final class SshConfigFile {

    private SshConfigFile() {
    }

    /**
     * The ssh option keys, lower case, whose value names a local program ssh runs or loads: a
     * ProxyCommand or LocalCommand line, a KnownHostsCommand, a PKCS#11 or FIDO provider library.
     * One list for both passes: the walker hands on a configuration text that holds one
     * (BashWalker), and the engine reads the option values (SshLocalPrograms).
     */
    public static final List<String> PROGRAM_KEYS = List.of(
            "proxycommand", "localcommand", "knownhostscommand", "pkcs11provider", "securitykeyprovider");

    /**
     * The short options that take a value, per tool, from each tool's manual (OpenSSH ssh(1),
     * scp(1), sftp(1); sshfs(1); rsync(1); mosh(1)): a letter after one of them in a cluster is its value.
     */
    public static final Map<String, String> VALUE_LETTERS = Map.of(
            "ssh", "BbcDEeFIiJLlmOoPpQRSWw",
            "autossh", "BbcDEeFIiJLlmOoPpQRSWwM",
            "scp", "cDFiJloPSX",
            "sftp", "BbcDFiJloPRSsX",
            "sshfs", "opF",
            "rsync", "efBMT",
            "mosh", "p");

    /**
     * The names of this process's standard input: ssh opens its {@code -F} file by name, so these
     * read the pipe (ssh reads {@code -F -} as a file named {@code -}, not standard input).
     */
    static final Set<String> STDIN_PATHS = Set.of("/dev/stdin", "/dev/fd/0", "/proc/self/fd/0");

    /** The tools of {@link #VALUE_LETTERS} that take {@code -F FILE}. */
    private static final Set<String> TAKES_CONFIG = Set.of("ssh", "autossh", "scp", "sftp", "sshfs");

    /**
     * The word naming {@code name}'s last {@code -F} file (the last one counts, as getopt's
     * assignment does), or null without one or for another tool. Options after the destination
     * count too: ssh reads its options again after the host.
     */
    static Word of(String name, List<Word> argv) {
        if (!TAKES_CONFIG.contains(name)) {
            return null;
        }
        String letters = VALUE_LETTERS.get(name);
        Word file = null;
        for (int k = 1; k < argv.size(); k++) {
            String t = argv.get(k).text();
            if (t.equals("--")) {
                break;
            }
            if (!t.startsWith("-") || t.startsWith("--") || t.length() < 2) {
                continue;
            }
            for (int i = 1; i < t.length(); i++) {
                char letter = t.charAt(i);
                if (letters.indexOf(letter) < 0) {
                    continue;
                }
                // a value letter takes the rest of the word, or the next word
                boolean attached = i + 1 < t.length();
                Word value = attached ? new Word(t.substring(i + 1), t.substring(i + 1), argv.get(k).literal(), argv.get(k).features())
                        : k + 1 < argv.size() ? argv.get(k + 1) : null;
                if (letter == 'F' && value != null) {
                    file = value;
                }
                if (!attached) {
                    k++;
                }
                break;
            }
        }
        return file;
    }
}
