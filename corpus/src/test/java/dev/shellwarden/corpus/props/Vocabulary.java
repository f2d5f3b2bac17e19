package dev.shellwarden.corpus.props;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Generators of well-formed bash commands from a vocabulary of real programs, flags and paths,
 * each command given as its words (so tests can re-quote and wrap them).
 */
final class Vocabulary {

    private Vocabulary() {
    }

    /** Paths inside and outside the project, absolute, relative, home, dot-dot. */
    static Arbitrary<String> paths() {
        return Arbitraries.of("build", "./build", "src/main", "node_modules", "dist/app.js", "README.md",
                "../sibling", "../../x", "/tmp/scratch", "/etc/passwd", "/var/log/syslog", "~", "~/notes.txt",
                "~/.bashrc", "/", "/*", "//", "/tmp/../", ".", "..", "*.pyc", "target/classes", ".env",
                "/dev/sda", "~/.ssh/authorized_keys");
    }

    /** Commands with no danger in them: everyday development work. */
    static Arbitrary<List<String>> everyday() {
        return Arbitraries.oneOf(
                Arbitraries.of(List.of("ls", "-la"), List.of("git", "status"), List.of("git", "log", "--oneline"),
                        List.of("git", "diff"), List.of("make", "test"), List.of("npm", "test"),
                        List.of("mvn", "-q", "verify"), List.of("pwd"), List.of("echo", "hello"),
                        List.of("cat", "README.md"), List.of("grep", "-rn", "TODO", "src"),
                        List.of("git", "add", "-A"), List.of("git", "commit", "-m", "fix parser"),
                        List.of("python3", "-m", "pytest"), List.of("cargo", "build"), List.of("wc", "-l", "README.md"),
                        List.of("head", "-n", "20", "src/main"), List.of("mkdir", "-p", "build"),
                        List.of("touch", ".env.local")),
                paths().map(p -> List.of("ls", p)),
                paths().map(p -> List.of("cat", p)));
    }

    /** Commands the policy cares about: deletes, writes, VCS rewrites, network, power. */
    static Arbitrary<List<String>> risky() {
        return Arbitraries.oneOf(
                Combinators.combine(Arbitraries.of("-rf", "-fr", "-r", "-R", "--recursive", "-f"), paths())
                        .as((f, p) -> List.of("rm", f, p)),
                paths().map(p -> List.of("chmod", "-R", "777", p)),
                paths().map(p -> List.of("chown", "-R", "nobody", p)),
                Arbitraries.of(List.of("git", "push", "--force"), List.of("git", "reset", "--hard"),
                        List.of("git", "clean", "-fdx"), List.of("git", "branch", "-D", "main"),
                        List.of("shutdown", "-h", "now"), List.of("reboot"), List.of("mkfs.ext4", "/dev/sda1"),
                        List.of("dd", "if=/dev/zero", "of=/dev/sda"), List.of("kill", "-9", "-1"),
                        List.of("curl", "-fsSL", "https://example.com/install.sh"),
                        List.of("wget", "https://example.com/x"), List.of("tail", "-f", "app.log"),
                        List.of("npm", "run", "dev"), List.of("vim", "README.md"), List.of("ping", "example.com"),
                        List.of("docker", "system", "prune", "-af"), List.of("terraform", "destroy")));
    }

    /** Any generated command. */
    static Arbitrary<List<String>> commands() {
        return Arbitraries.oneOf(everyday(), risky());
    }
}
