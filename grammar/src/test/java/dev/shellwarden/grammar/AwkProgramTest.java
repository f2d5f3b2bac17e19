package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class AwkProgramTest {

    private static boolean filter(String... args) {
        return AwkProgram.isFilter(List.of(args));
    }

    @Test
    void programsThatOnlyPrintAreFilters() {
        assertTrue(AwkProgram.onlyPrints("{print $2}"));
        assertTrue(AwkProgram.onlyPrints("$3 > 100 {print $1}"));
        assertTrue(AwkProgram.onlyPrints("{ if ($3 >= 10) print $1 }"));
        assertTrue(AwkProgram.onlyPrints("/error|warn/ { n++ } END { print n }"));
        assertTrue(AwkProgram.onlyPrints("$1 == \"x\" || $2 == \"y\""));
        assertTrue(AwkProgram.onlyPrints("{ print \"a | b > c\" }"));
        assertTrue(AwkProgram.onlyPrints("{ x = $1 / 2; print x }"));
        assertTrue(AwkProgram.onlyPrints("{ getline line < \"other.txt\"; print line }"));
        assertTrue(AwkProgram.onlyPrints("# a > b | c\n{ print }"));
    }

    @Test
    void commandsPipesRedirectionsAndGawkDirectivesAreNot() {
        assertFalse(AwkProgram.onlyPrints("BEGIN { system(\"date\") }"));
        assertFalse(AwkProgram.onlyPrints("{ print > \"out.txt\" }"));
        assertFalse(AwkProgram.onlyPrints("{ print $1 >> \"out.txt\" }"));
        assertFalse(AwkProgram.onlyPrints("{ printf \"%s\", $1 > \"/dev/stderr\" }"));
        assertFalse(AwkProgram.onlyPrints("{ print | \"sort\" }"));
        assertFalse(AwkProgram.onlyPrints("BEGIN { \"date\" | getline d }"));
        assertFalse(AwkProgram.onlyPrints("{ print |& \"cat\" }"));
        assertFalse(AwkProgram.onlyPrints("@load \"filefuncs\"; { print }"));
        assertFalse(AwkProgram.onlyPrints("BEGIN { f = \"sys\" \"tem\"; @f(\"date\") }"));
        assertFalse(AwkProgram.onlyPrints("BEGIN { print ENVIRON[\"TOKEN\"] }"));
        // a print statement continued on the next line after a comma
        assertFalse(AwkProgram.onlyPrints("{ print $1,\n $2 > \"out\" }"));
    }

    @Test
    void unclearLiteralsAreNotReadAsData() {
        // a slash inside a bracket expression: awks disagree where the regex ends
        assertNull(AwkProgram.blanked("/[/]/ { print }"));
        assertNull(AwkProgram.blanked("{ print \"open }"));
        // a division is no regex: what follows it stays code
        assertEquals("{ x = a / b | \"\" }", AwkProgram.blanked("{ x = a / b | \"sh\" }"));
        assertFalse(AwkProgram.onlyPrints("{ x = a / 2; print x | \"sh\"; y = 1 / 2 }"));
    }

    @Test
    void onlyQuietOptionsAreAccepted() {
        assertTrue(filter("-F,", "{print $2}", "data.csv"));
        assertTrue(filter("-F", ",", "-v", "n=3", "NR <= n", "data.csv"));
        assertTrue(filter("--field-separator=,", "{print}"));
        assertFalse(filter("-f", "prog.awk", "data.csv"));
        assertFalse(filter("-i", "inplace", "{print}", "data.csv"));
        assertFalse(filter("-l", "filefuncs", "{print}"));
        assertFalse(filter("-E", "prog.awk"));
        assertFalse(filter("-e", "{print}", "-e", "BEGIN{system(\"x\")}"));
        assertFalse(filter("{print}", "-f", "prog.awk"));
        assertFalse(filter("-F,"));
    }
}
