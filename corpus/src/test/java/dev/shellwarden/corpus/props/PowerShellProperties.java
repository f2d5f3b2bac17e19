package dev.shellwarden.corpus.props;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.checker.Checker;
import dev.shellwarden.checker.cases.Case;
import dev.shellwarden.checker.config.CheckerConfig;
import dev.shellwarden.engine.Mode;
import dev.shellwarden.engine.Overlay;
import dev.shellwarden.engine.Verdict;
import dev.shellwarden.grammar.Shell;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * PowerShell counterparts of the classifier properties: respelling the cmdlet (aliases, case,
 * backtick escapes, the call operator) or carrying the whole command in {@code -EncodedCommand},
 * {@code -Command} or {@code Invoke-Expression} never lowers the verdict.
 */
class PowerShellProperties {

    /** A command as cmdlet + the rest of its text. */
    record PsCommand(String cmdlet, String rest) {
        String text() {
            return rest.isEmpty() ? cmdlet : cmdlet + " " + rest;
        }
    }

    /** Aliases PowerShell resolves to each cmdlet of the vocabulary. */
    private static final Map<String, List<String>> ALIASES = Map.of(
            "Remove-Item", List.of("rm", "ri", "del", "erase", "rd", "rmdir"),
            "Get-ChildItem", List.of("gci", "ls", "dir"),
            "Get-Content", List.of("gc", "cat", "type"),
            "Invoke-WebRequest", List.of("iwr", "curl", "wget"),
            "Start-Process", List.of("saps", "start"),
            "Set-Content", List.of("sc"),
            "New-Item", List.of("ni"));

    private static Verdict verdict(String raw) {
        return new Checker(ClassifierProperties.ENGINE,
                new CheckerConfig(Mode.LOOSE, Shell.POWERSHELL, Overlay.NONE, List.of()))
                .decide(raw, Case.DEFAULT_PROJECT, Case.DEFAULT_PROJECT).verdict();
    }

    @Provide
    Arbitrary<PsCommand> psCommands() {
        return Arbitraries.of(
                new PsCommand("Remove-Item", "-Recurse -Force C:\\"),
                new PsCommand("Remove-Item", "-Recurse -Force $env:USERPROFILE"),
                new PsCommand("Remove-Item", "-Recurse .\\build"),
                new PsCommand("Remove-Item", "notes.txt"),
                new PsCommand("Get-ChildItem", "-Recurse src"),
                new PsCommand("Get-Content", "README.md"),
                new PsCommand("Get-Content", "app.log -Wait"),
                new PsCommand("Invoke-WebRequest", "https://example.com/x.ps1 -OutFile x.ps1"),
                new PsCommand("Start-Process", "notepad.exe"),
                new PsCommand("Set-Content", "-Path $PROFILE -Value 'x'"),
                new PsCommand("New-Item", "-ItemType Directory build"),
                new PsCommand("Stop-Computer", "-Force"),
                new PsCommand("Format-Volume", "-DriveLetter C"));
    }

    @Provide
    Arbitrary<UnaryOperator<PsCommand>> respellings() {
        return Arbitraries.of(
                c -> new PsCommand(c.cmdlet().toUpperCase(Locale.ROOT), c.rest()),
                c -> new PsCommand(c.cmdlet().toLowerCase(Locale.ROOT), c.rest()),
                c -> new PsCommand(c.cmdlet().charAt(0) + "`" + c.cmdlet().substring(1), c.rest()),
                c -> new PsCommand("& '" + c.cmdlet() + "'", c.rest()),
                c -> new PsCommand(ALIASES.getOrDefault(c.cmdlet(), List.of(c.cmdlet())).get(0), c.rest()),
                c -> new PsCommand(ALIASES.getOrDefault(c.cmdlet(), List.of(c.cmdlet()))
                        .get(ALIASES.getOrDefault(c.cmdlet(), List.of(c.cmdlet())).size() - 1), c.rest()));
    }

    @Property
    void respellingTheCmdletNeverLowersTheVerdict(@ForAll("psCommands") PsCommand c,
            @ForAll("respellings") UnaryOperator<PsCommand> respell) {
        String original = c.text();
        String variant = respell.apply(c).text();
        Verdict base = verdict(original);
        assertTrue(verdict(variant).compareTo(base) >= 0,
                () -> "`" + variant + "` is " + verdict(variant) + " but `" + original + "` is " + base);
    }

    @Property
    void carryingTheCommandInAPayloadNeverLowersTheVerdict(@ForAll("psCommands") PsCommand c,
            @ForAll("carriers") UnaryOperator<String> carry) {
        String original = c.text();
        String carried = carry.apply(original);
        Verdict base = verdict(original);
        assertTrue(verdict(carried).compareTo(base) >= 0,
                () -> "`" + carried + "` is " + verdict(carried) + " but `" + original + "` is " + base);
    }

    @Provide
    Arbitrary<UnaryOperator<String>> carriers() {
        return Arbitraries.of(
                t -> "powershell -EncodedCommand " + encode(t),
                t -> "pwsh -enc " + encode(t),
                t -> "powershell -NoProfile -Command \"" + t.replace("\"", "`\"") + "\"",
                t -> "Invoke-Expression '" + t.replace("'", "''") + "'",
                t -> "iex '" + t.replace("'", "''") + "'",
                t -> "& { " + t + " }");
    }

    /** Base64 of UTF-16LE, as {@code -EncodedCommand} takes it. */
    static String encode(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_16LE));
    }
}
