package dev.shellwarden.bench;

import dev.shellwarden.grammar.Shell;
import dev.shellwarden.grammar.SplitResult;
import dev.shellwarden.grammar.Splitter;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Warm split time of the bash splitter: typical agent commands, an 8 KiB script and
 * pathological 8 KiB inputs. Sample mode, so JMH reports the median (p0.50) as well as the mean.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class SplitterBench {

    private static final Splitter BASH = Splitter.forShell(Shell.BASH);
    private static final int KIB8 = 8 * 1024;

    @Param({"typical-simple", "typical-pipeline", "typical-heredoc-commit", "typical-for-loop", "typical-wrapped",
            "script-8k", "heredocs-8k", "parens-8k", "subst-8k", "quotes-8k", "braces-8k", "binary-8k",
            "keywords-8k", "backticks-8k", "payload-8k"})
    public String input;

    private String text;

    @Setup
    public void setup() {
        text = switch (input) {
            case "typical-simple" -> "git status --short";
            case "typical-pipeline" -> "cd frontend && npm test -- --watch=false 2>&1 | tail -50";
            case "typical-heredoc-commit" -> "git commit -m \"$(cat <<'EOF'\nFix the parser for nested quotes\n\n"
                    + "Co-authored-by: agent\nEOF\n)\"";
            case "typical-for-loop" -> "for f in src/*.ts; do npx prettier --check \"$f\" || echo \"bad: $f\"; done";
            case "typical-wrapped" -> "sudo -u www-data env FOO=1 timeout 5 bash -c 'rm -rf /tmp/cache && ls /tmp'";
            case "script-8k" -> fill("cd /srv/app && git pull --rebase && npm ci --silent 2>&1 | tail -20\n"
                    + "for f in build/*.js; do gzip -9 -k \"$f\"; done\n"
                    + "if [ -f .env ]; then export $(grep -v '^#' .env | xargs); fi\n");
            case "heredocs-8k" -> fill("cat <<'EOF' > f.txt\nline one (with parens) and 'quotes'\nEOF\n");
            case "parens-8k" -> "(".repeat(KIB8);
            case "subst-8k" -> "echo " + "$(".repeat(KIB8 / 2 - 3);
            case "quotes-8k" -> fill("\"'$`\\");
            case "braces-8k" -> fill("{a,b}{1..9}");
            case "binary-8k" -> binary();
            case "keywords-8k" -> fill("if while do done fi case esac { } [[ ]] (( )) ");
            case "backticks-8k" -> fill("`x` ");
            case "payload-8k" -> fill("bash -c \"sh -c 'eval \\\"ls\\\"'\"; ");
            default -> throw new IllegalArgumentException(input);
        };
    }

    private static String fill(String unit) {
        StringBuilder sb = new StringBuilder(KIB8);
        while (sb.length() + unit.length() <= KIB8) {
            sb.append(unit);
        }
        return sb.toString();
    }

    private static String binary() {
        java.util.Random r = new java.util.Random(7);
        StringBuilder sb = new StringBuilder(KIB8);
        for (int i = 0; i < KIB8; i++) {
            sb.append((char) r.nextInt(256));
        }
        return sb.toString();
    }

    @Benchmark
    public SplitResult split() {
        return BASH.split(text);
    }
}
