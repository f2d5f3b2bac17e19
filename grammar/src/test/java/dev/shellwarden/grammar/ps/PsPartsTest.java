package dev.shellwarden.grammar.ps;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.grammar.OpaqueReason;
import dev.shellwarden.grammar.PowerShellSplitter;
import dev.shellwarden.grammar.SplitResult;
import dev.shellwarden.grammar.Splitter;
import dev.shellwarden.grammar.Shell;
import dev.shellwarden.grammar.Word;
import dev.shellwarden.grammar.WordFeature;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The helpers of the PowerShell splitter, and word features the corpus notation does not show. */
class PsPartsTest {

    @Test
    void parametersResolveUnambiguousPrefixes() {
        assertEquals(Optional.of("Recurse"), PsParameters.canonical("Remove-Item", "-r"));
        assertEquals(Optional.of("Force"), PsParameters.canonical("Remove-Item", "-fo"));
        assertEquals(Optional.of("Force"), PsParameters.canonical("Remove-Item", "-FORCE:"));
        assertEquals(Optional.of("LiteralPath"), PsParameters.canonical("Remove-Item", "-LP"));
        assertEquals(Optional.of("Path"), PsParameters.canonical("Remove-Item", "-Path"));
        assertEquals(Optional.empty(), PsParameters.canonical("Remove-Item", "-f"), "Filter or Force");
        assertEquals(Optional.of("Wait"), PsParameters.canonical("Get-Content", "-wai"));
        assertEquals(Optional.of("Milliseconds"), PsParameters.canonical("Start-Sleep", "-ms"));
        assertEquals(Optional.empty(), PsParameters.canonical("Get-Date", "-r"), "not in the table");
    }

    @Test
    void encodedCommandIsStrict() {
        assertEquals(Optional.of("Get-Date"), EncodedCommand.decode(EncodedCommand.encode("Get-Date")));
        assertEquals(Optional.empty(), EncodedCommand.decode("abc"), "missing padding");
        assertEquals(Optional.empty(), EncodedCommand.decode("QQ=="), "odd byte count");
        assertEquals(Optional.empty(), EncodedCommand.decode("AADY"), "unpaired surrogate");
        assertEquals(Optional.empty(), EncodedCommand.decode("!!!!"));
    }

    @Test
    void namesResolveAliasesAndCase() {
        assertEquals("Remove-Item", PsNames.canonical("RM"));
        assertEquals("Get-ChildItem", PsNames.canonical("gci"));
        assertEquals("Invoke-Expression", PsNames.canonical("IEX"));
        assertEquals("Start-Process", PsNames.canonical("saps"));
        assertEquals("Set-Content", PsNames.canonical("sc"));
        assertEquals("New-Item", PsNames.canonical("ni"));
        assertEquals("Invoke-RestMethod", PsNames.canonical("irm"));
        assertEquals("Invoke-WebRequest", PsNames.canonical("iwr"));
        assertEquals("Get-Content", PsNames.canonical("cat"));
        assertEquals("Format-Volume", PsNames.canonical("format-volume"));
        assertEquals("git", PsNames.canonical("git"));
        assertEquals("cmd", PsNames.nativeBase("C:\\Windows\\System32\\CMD.EXE"));
        assertEquals("npx", PsNames.nativeBase("npx.ps1"));
        assertEquals("x", PsNames.nativeBase("X.Bat"));
        assertEquals(".exe", PsNames.nativeBase("C:\\tools\\.EXE"));
        assertEquals(".EXE", dev.shellwarden.grammar.bash.Names.windowsProgram(".EXE"));
        assertEquals("Make", dev.shellwarden.grammar.bash.Names.windowsProgram("Make"));
    }

    @Test
    void textDecoding() {
        assertEquals("Remove-Item", PsText.bare("Re`move-Item"));
        // Control escapes are interpreted in double-quoted strings only (about_Special_Characters).
        assertEquals("atb", PsText.bare("a`tb"));
        assertEquals("Remove-Item", PsText.bare("R`emove-Item"));
        assertEquals("u{e9}", PsText.bare("`u{e9}"));
        assertEquals("it's", PsText.verbatim("'it''s'"));
        assertEquals("x\ny", PsText.hereBody("@'\r\nx\ny\r\n'@"));
        assertTrue(PsText.hasWildcard("*.txt"));
        assertFalse(PsText.hasWildcard("a`*b"));
    }

    @Test
    void wordFeatures() {
        SplitResult r = new PowerShellSplitter().split("Get-Item 'a' \"b\" *.c Re`x $y $(z)");
        var argv = r.segments().get(0).argv();
        assertTrue(argv.get(1).has(WordFeature.SINGLE_QUOTED));
        assertTrue(argv.get(2).has(WordFeature.DOUBLE_QUOTED));
        assertTrue(argv.get(3).has(WordFeature.GLOB) && argv.get(3).literal());
        assertTrue(argv.get(4).has(WordFeature.ESCAPED));
        assertTrue(argv.get(5).has(WordFeature.PARAMETER) && !argv.get(5).literal());
        assertTrue(argv.get(6).has(WordFeature.COMMAND_SUBSTITUTION));
    }

    @Test
    void aliasKeepsItsSpellingInRaw() {
        Word name = new PowerShellSplitter().split("rm x").segments().get(0).argv().get(0);
        assertEquals("Remove-Item", name.text());
        assertEquals("rm", name.raw());
    }

    @Test
    void theFactoryReturnsThisSplitter() {
        SplitResult r = Splitter.forShell(Shell.POWERSHELL).split("ri x");
        assertEquals("Remove-Item", r.segments().get(0).argv().get(0).text());
    }

    @Test
    void oversizedTextIsOpaque() {
        String big = "Get-Date;".repeat(1000);
        SplitResult r = new PowerShellSplitter().split(big);
        assertEquals(1, r.segments().size());
        assertTrue(r.segments().get(0).opaqueReasons().contains(OpaqueReason.LIMIT_EXCEEDED));
    }

    @Test
    void payloadNestingIsBounded() {
        String script = "Remove-Item x";
        for (int i = 0; i < 9; i++) {
            script = "iex '" + script.replace("'", "''") + "'";
        }
        SplitResult r = new PowerShellSplitter().split(script);
        assertTrue(r.segments().stream().anyMatch(
                s -> s.opaqueReasons().contains(OpaqueReason.LIMIT_EXCEEDED)));
        assertFalse(r.isStatic());
    }
}
