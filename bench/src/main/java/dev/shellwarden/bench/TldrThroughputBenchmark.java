package dev.shellwarden.bench;

import dev.shellwarden.checker.Checker;
import dev.shellwarden.grammar.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Batch classification throughput: every bash command of the tldr-pages set
 * ({@code shared/corpus/external/tldr.jsonl}, evaluation data kept outside the repository), one
 * {@link Checker#decide} each, in one warm JVM. The score is in commands per second.
 *
 * <p>The file is found at {@code -Dshellwarden.tldr=PATH}, else as
 * {@code shared/corpus/external/tldr.jsonl} beside the working directory or any of its parents.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 10)
@Measurement(iterations = 3, time = 10)
@Fork(1)
public class TldrThroughputBenchmark {

    /** Commands classified per benchmark invocation. */
    static final int BATCH = 1000;

    private List<String> commands;
    private int cursor;
    private Checker checker;

    /** Loads the commands and warms a checker. */
    @Setup(Level.Trial)
    public void setUp() {
        Path file = locate();
        commands = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                Object row = Json.parse(Json.Dialect.STRICT, line);
                if (row instanceof Map<?, ?> m && "bash".equals(m.get("shell")) && m.get("cmd") instanceof String c) {
                    commands.add(c);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (commands.isEmpty()) {
            throw new IllegalStateException("no bash commands in " + file);
        }
        System.err.println("tldr: " + commands.size() + " bash commands from " + file);
        checker = WarmPath.checker();
    }

    /**
     * Classifies the next {@link #BATCH} commands of the set, wrapping around, so a measurement
     * walks the whole set; the score is scaled to commands per second.
     */
    @Benchmark
    @OperationsPerInvocation(BATCH)
    public void classify(Blackhole bh) {
        int n = commands.size();
        for (int i = 0; i < BATCH; i++) {
            bh.consume(checker.decide(commands.get(cursor), WarmPath.PROJECT, WarmPath.PROJECT).verdict());
            cursor = cursor + 1 == n ? 0 : cursor + 1;
        }
    }

    private static Path locate() {
        String prop = System.getProperty("shellwarden.tldr");
        if (prop != null) {
            return Path.of(prop);
        }
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            Path p = d.resolve("shared/corpus/external/tldr.jsonl");
            if (Files.isRegularFile(p)) {
                return p;
            }
        }
        throw new IllegalStateException("tldr.jsonl not found: pass -Dshellwarden.tldr=PATH");
    }
}
