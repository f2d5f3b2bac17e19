package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SedScriptTest {

    private static List<String> scripts(String... args) {
        return SedScript.scripts(List.of(args));
    }

    @Test
    void theScriptIsTheFirstOperandUnlessExpressionsOrAFileGiveIt() {
        assertEquals(List.of("s/a/b/"), scripts("-i", "s/a/b/", "f.txt"));
        assertEquals(List.of("1d", "s/x/y/"), scripts("-e", "1d", "--expression=s/x/y/", "f.txt"));
        assertEquals(List.of(), scripts("-f", "edit.sed", "f.txt"));
        assertEquals(List.of("p"), scripts("-l", "80", "p", "f.txt"));
    }

    @Test
    void theECommandAndTheEFlagRunTheirText() {
        assertEquals(List.of("make test"), SedScript.commands(List.of("1e make test")));
        assertEquals(List.of("make test"), SedScript.commands(List.of("/x/e make test")));
        assertEquals(List.of("date +%s"), SedScript.commands(List.of("s/.*/date +%s/e")));
        assertEquals(List.of("echo a/b"), SedScript.commands(List.of("s|.*|echo a/b|e")));
    }

    @Test
    void anEFlagThatKeepsPartOfTheLineRunsInputText() {
        assertTrue(SedScript.runsInputText(List.of("s/x/y/e")));
        assertTrue(SedScript.runsInputText(List.of("s/^/echo /e")));
        assertTrue(SedScript.runsInputText(List.of("s/.*/echo &/e")));
        assertTrue(SedScript.runsInputText(List.of("s/\\(.*\\)/mv \\1 x/e")));
        assertTrue(SedScript.runsInputText(List.of("e")));
        assertTrue(SedScript.runsInputText(List.of("2,$e")));
        // unparsable scripts are read by the patterns
        assertTrue(SedScript.runsInputText(List.of("s/[/]/x/e")));
        assertFalse(SedScript.runsInputText(List.of("s/.*/date/e")));
        assertFalse(SedScript.runsInputText(List.of("s/^.*$/make test/e")));
        assertFalse(SedScript.runsInputText(List.of("1e make test")));
        assertFalse(SedScript.runsInputText(List.of("s/x/e/g")));
    }

    @Test
    void textThatOnlyMentionsAnEIsNoCommand() {
        assertEquals(List.of(), SedScript.commands(List.of("s/the e x/y/g")));
        assertEquals(List.of(), SedScript.commands(List.of("s/echo/print/")));
        assertEquals(List.of(), SedScript.commands(List.of("/^e /d")));
    }

    @Test
    void clusteredOptionsGiveTheirScript() {
        // -ne SCRIPT: the e of the cluster takes the next word, also before another -e
        assertEquals(List.of("w out.txt", "p"), scripts("-ne", "w out.txt", "-e", "p", "f.txt"));
        assertEquals(List.of("p"), scripts("-nEe", "p", "f.txt"));
        assertEquals(List.of(), scripts("-nf", "edit.sed", "f.txt"));
    }

    @Test
    void commandsBehindRangesAndNegatedAddressesAreFound() {
        assertEquals(List.of("make test"), SedScript.commands(List.of("/a/,/b/e make test")));
        assertEquals(List.of("make test"), SedScript.commands(List.of("/a/!e make test")));
        assertEquals(List.of("make test"), SedScript.commands(List.of("0,/a/e make test")));
        assertEquals(List.of("out.txt"), SedScript.writeFiles(List.of("/a/,+3w out.txt")));
        assertTrue(SedScript.runsCommands(List.of("1,$ e")));
    }

    @Test
    void filtersOnlyPrint() {
        assertTrue(SedScript.isFilter(List.of("-n", "100,150p", "f.txt")));
        assertTrue(SedScript.isFilter(List.of("s/foo/bar/g", "f.txt")));
        assertTrue(SedScript.isFilter(List.of(":a;N;$!ba;s/\\n/ /g", "f.txt")));
        assertTrue(SedScript.isFilter(List.of("-n", "/start/,/end/{/skip/!p}", "f.txt")));
        assertTrue(SedScript.isFilter(List.of("-E", "s/([a-z]+)=([0-9]+)/\\2 \\1/", "f.txt")));
        assertTrue(SedScript.isFilter(List.of("1i\\\nheader", "f.txt")));
        assertTrue(SedScript.isFilter(List.of("s/[[:space:]]*$//", "f.txt")));
        assertTrue(SedScript.isFilter(List.of("y/abc/xyz/", "f.txt")));
    }

    @Test
    void editsWritesRunsAndUnclearScriptsAreNoFilters() {
        assertFalse(SedScript.isFilter(List.of("-i", "s/a/b/", "f.txt")));
        assertFalse(SedScript.isFilter(List.of("-ni", "1,5p", "f.txt")));
        assertFalse(SedScript.isFilter(List.of("--in-place=.bak", "s/a/b/", "f.txt")));
        assertFalse(SedScript.isFilter(List.of("-f", "edit.sed", "f.txt")));
        assertFalse(SedScript.isFilter(List.of("-n", "/TODO/w todo.txt", "f.txt")));
        assertFalse(SedScript.isFilter(List.of("s/a/b/w out.txt", "f.txt")));
        assertFalse(SedScript.isFilter(List.of("1e date", "f.txt")));
        assertFalse(SedScript.isFilter(List.of("s/.*/date/e", "f.txt")));
        assertFalse(SedScript.isFilter(List.of("-n", "/a/,/b/W out.txt", "f.txt")));
        // the delimiter inside a bracket expression: seds disagree where the regex ends
        assertFalse(SedScript.isFilter(List.of("s/[/]/x/w out.txt", "f.txt")));
        assertFalse(SedScript.isFilter(List.of("s/[/]/x/", "f.txt")));
        // a comment ends at its line: a backslash there does not hide the next command
        assertFalse(SedScript.isFilter(List.of("# note \\\nw out.txt", "f.txt")));
        // a read command's file name ends at its line
        assertFalse(SedScript.isFilter(List.of("r in.txt\\\nw out.txt", "f.txt")));
        assertFalse(SedScript.isFilter(List.of("-n", "p", "--follow-symlinks", "f.txt")));
        assertFalse(SedScript.isFilter(List.of("f.txt")));
    }

    @Test
    void inPlaceEditsAreEditsOnlyWhenTheirScriptsOnlyEdit() {
        assertTrue(SedScript.isInPlaceEdit(List.of("-i", "s/a/b/", "f.txt")));
        assertTrue(SedScript.isInPlaceEdit(List.of("-i.bak", "-e", "/^#/d", "f.txt")));
        assertTrue(SedScript.isInPlaceEdit(List.of("--in-place", "-E", "s/(x)/\\1y/g", "f.txt", "g.txt")));
        assertTrue(SedScript.isInPlaceEdit(List.of("-ni", "1,5p", "f.txt")));
        assertFalse(SedScript.isInPlaceEdit(List.of("s/a/b/", "f.txt")), "no -i: a filter, not an edit");
        assertFalse(SedScript.isInPlaceEdit(List.of("-i", "1e date", "f.txt")));
        assertFalse(SedScript.isInPlaceEdit(List.of("-i", "s/a/b/w out.txt", "f.txt")));
        assertFalse(SedScript.isInPlaceEdit(List.of("-i", "r /home/u/.ssh/id_rsa", "f.txt")), "reads another file into the edited one");
        assertFalse(SedScript.isInPlaceEdit(List.of("-i", "-f", "edit.sed", "f.txt")));
        assertFalse(SedScript.isInPlaceEdit(List.of("-i", "--follow-symlinks", "s/a/b/", "f.txt")));
        assertFalse(SedScript.isInPlaceEdit(List.of("-i", "s/[/]/x/", "f.txt")));
    }

    @Test
    void writeCommandsAndTheWFlagNameTheirFile() {
        assertEquals(List.of("todo.txt"), SedScript.writeFiles(List.of("/TODO/w todo.txt")));
        assertEquals(List.of("out.txt"), SedScript.writeFiles(List.of("s/a/b/gw out.txt")));
        assertEquals(List.of("/root/.bashrc"), SedScript.writeFiles(List.of("w /root/.bashrc")));
        assertTrue(SedScript.writeFiles(List.of("s/a/b/w /dev/stdout")).isEmpty());
        assertTrue(SedScript.writeFiles(List.of("s/new world/old world/")).isEmpty());
    }

    private static SedScript.Substitution sub(String delimiter, String pattern, String replacement, String flags) {
        return new SedScript.Substitution(delimiter.charAt(0), pattern, replacement, flags);
    }

    @Test
    void aSubstitutionCarriesItsDelimiterPatternReplacementAndFlags() {
        assertEquals(sub("/", "a", "b", "g"), SedScript.onlySubstitution("s/a/b/g"));
        assertEquals(sub("|", "^x.*", "y", ""), SedScript.onlySubstitution("s|^x.*|y|"));
        assertEquals(sub("#", "a", "b", "2I"), SedScript.onlySubstitution("s#a#b#2I"));
        assertEquals("s,a,b,", SedScript.onlySubstitution("s,a,b,").written());
        // an escaped delimiter stays escaped in the parts; the command's replacement unescapes it
        assertEquals(sub("/", "a\\/b", "c\\/d", ""), SedScript.onlySubstitution("s/a\\/b/c\\/d/"));
        assertEquals("c/d", SedScript.parse("s/a\\/b/c\\/d/").get(0).replacement());
        // the w flag keeps its file as the command's text
        SedScript.Command w = SedScript.parse("s/a/b/gw out.txt").get(0);
        assertEquals(sub("/", "a", "b", "gw"), w.substitution());
        assertEquals("out.txt", w.text());
    }

    @Test
    void aSubstitutionAfterAnAddressOrBesideOtherCommandsIsReadInPlace() {
        assertEquals(sub("/", "a", "b", ""), SedScript.onlySubstitution("3s/a/b/"));
        assertEquals(sub("/", "a", "b", "g"), SedScript.onlySubstitution("/x/,/y/s/a/b/g"));
        assertEquals(sub("/", "a", "b", ""), SedScript.onlySubstitution(" s/a/b/ ;"));
        List<SedScript.Command> joined = SedScript.parse("s/a/b/;s|c|d|g");
        assertEquals(List.of(sub("/", "a", "b", ""), sub("|", "c", "d", "g")),
                joined.stream().map(SedScript.Command::substitution).toList());
        List<SedScript.Command> lines = SedScript.parse("1d\ns/a/b/\n$p");
        assertEquals(3, lines.size());
        assertEquals(sub("/", "a", "b", ""), lines.get(1).substitution());
        assertEquals(null, lines.get(0).substitution());
        // more than one command, or none that is an s, is no single substitution
        assertEquals(null, SedScript.onlySubstitution("s/a/b/;p"));
        assertEquals(null, SedScript.onlySubstitution("p"));
        // scripts that do not parse: an unterminated s, a bracket holding the delimiter, perl's braces
        assertEquals(null, SedScript.onlySubstitution("s/a/b"));
        assertEquals(null, SedScript.onlySubstitution("s/[/]/x/"));
        assertEquals(null, SedScript.onlySubstitution("s{a}{b}"));
    }

    @Test
    void optionsAreReadLikeGetopt() {
        List<SedScript.Arg> args = SedScript.args(List.of("-ne", "p", "-i.bak", "--expression=s/a/b/", "-e", "1d", "--", "-x", "f"));
        assertEquals(List.of(new SedScript.Arg(0, "-n", null, -1), new SedScript.Arg(0, "-e", "p", 1),
                new SedScript.Arg(2, "-i", ".bak", 2), new SedScript.Arg(3, "--expression", "s/a/b/", 3),
                new SedScript.Arg(4, "-e", "1d", 5), new SedScript.Arg(6, "--", null, -1),
                new SedScript.Arg(7, null, "-x", 7), new SedScript.Arg(8, null, "f", 8)), args);
        assertEquals(List.of(new SedScript.Arg(0, "-e", "s/a/b/", 0)), SedScript.args(List.of("-es/a/b/")));
        assertEquals(List.of(new SedScript.Arg(0, "--file", "x.sed", 1)), SedScript.args(List.of("--file", "x.sed")));
        assertEquals(List.of(new SedScript.Arg(0, "-e", null, -1)), SedScript.args(List.of("-e")));
        assertTrue(SedScript.isInPlaceEdit(List.of("-i", "s/a/b/", "f")));
        assertFalse(SedScript.isFilter(List.of("--quiet=x", "p", "f")));
        assertFalse(SedScript.isFilter(List.of("--=x", "p", "f")));
        assertTrue(SedScript.isFilter(List.of("--quiet", "--", "p", "f")));
    }

    /** The walker's reading before {@link SedScript#inPlace} (a -i word, then every word without a dash: program, files). */
    private static String oldInPlace(List<String> args) {
        if (args.stream().noneMatch(w -> w.startsWith("-i") || w.startsWith("--in-place"))) {
            return "null";
        }
        List<String> ops = args.stream().filter(a -> !a.startsWith("-")).toList();
        return ops.size() < 2 ? "null" : ops.get(0) + " " + ops.subList(1, ops.size());
    }

    private static String inPlace(List<String> args) {
        SedScript.InPlace r = SedScript.inPlace(args);
        return r == null ? "null" : r.program() + " " + r.files();
    }

    @Test
    void inPlaceEditsKeepTheWalkersOldReadingOfTheUsualSpellings() {
        List<List<String>> same = List.of(
                List.of("-i.bak", "s/a/b/", "f.txt"),
                List.of("-i", "-e", "s/a/b/", "f.txt"),
                List.of("--in-place=.bak", "s/a/b/", "f.txt"),
                List.of("--in-place", "1i echo hi", "Makefile"),
                List.of("-s", "-i", "s/a/b/", "a.txt", "b.txt"),
                List.of("-i", "--", "s/a/b/", "f.txt"),
                List.of("-n", "-i", "-E", "s/x/y/p", "f.txt"),
                List.of("-ie", "s/a/b/", "f.txt"), // getopt: -i with the backup suffix e
                List.of("-i", "s/a/b/"),
                List.of("s/a/b/", "f.txt"),
                List.of("-n", "p", "f.txt"));
        for (List<String> args : same) {
            assertEquals(oldInPlace(args), inPlace(args), args.toString());
        }
        assertEquals("s/a/b/ [f.txt]", inPlace(List.of("-i.bak", "s/a/b/", "f.txt")));
        assertEquals("s/a/b/ [a.txt, b.txt]", inPlace(List.of("-s", "-i", "s/a/b/", "a.txt", "b.txt")));
        assertEquals("null", inPlace(List.of("-i", "s/a/b/")));
    }

    @Test
    void inPlaceEditsReadOptionsLikeGetoptWhereTheOldReadingDidNot() {
        // a cluster ending in i, and --expression=S: the old reading saw no -i word or no program
        assertEquals("null", oldInPlace(List.of("-Ei", "s/a/b/", "f.txt")));
        assertEquals("s/a/b/ [f.txt]", inPlace(List.of("-Ei", "s/a/b/", "f.txt")));
        assertEquals("null", oldInPlace(List.of("--expression=s/a/b/", "-i", "f.txt")));
        assertEquals("s/a/b/ [f.txt]", inPlace(List.of("--expression=s/a/b/", "-i", "f.txt")));
        // option values are no files: a second -e script, -l's number, a -f script (no program known)
        assertEquals("1d [s/x/y/, f.txt]", oldInPlace(List.of("-i", "-e", "1d", "-e", "s/x/y/", "f.txt")));
        assertEquals("1d [f.txt]", inPlace(List.of("-i", "-e", "1d", "-e", "s/x/y/", "f.txt")));
        assertEquals("80 [p, f.txt]", oldInPlace(List.of("-l", "80", "-i", "p", "f.txt")));
        assertEquals("p [f.txt]", inPlace(List.of("-l", "80", "-i", "p", "f.txt")));
        assertEquals("edit.sed [f.txt]", oldInPlace(List.of("-i", "-f", "edit.sed", "f.txt")));
        assertEquals("null [f.txt]", inPlace(List.of("-i", "-f", "edit.sed", "f.txt")));
    }
}
