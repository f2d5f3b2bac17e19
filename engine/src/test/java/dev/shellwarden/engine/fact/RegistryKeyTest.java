package dev.shellwarden.engine.fact;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.engine.fact.RegistryKey.Reach;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How far a registry delete reaches, in the spellings of PowerShell's provider and of reg.exe. */
class RegistryKeyTest {

    private static Reach reach(String word, boolean regExe) {
        RegistryKey k = RegistryKey.parse(word, regExe);
        return k == null ? null : k.reach();
    }

    @Test
    void hivesAndTheirTopKeysAreTop() {
        assertEquals(Reach.TOP, reach("HKCU:\\", false));
        assertEquals(Reach.TOP, reach("HKCU:\\Software", false));
        assertEquals(Reach.TOP, reach("HKEY_CURRENT_USER\\Software", true));
        assertEquals(Reach.TOP, reach("HKCU:\\Software\\Microsoft", false));
        assertEquals(Reach.TOP, reach("HKLM:\\SYSTEM\\CurrentControlSet", false));
        assertEquals(Reach.TOP, reach("Registry::HKEY_USERS\\S-1-5-21-1", false));
    }

    @Test
    void aWildcardCountsAsItsParent() {
        assertEquals(Reach.TOP, reach("HKCU:\\Software\\*", false));
        assertEquals(Reach.SHARED, reach("HKCU:\\Software\\Google\\Chr?me", false));
    }

    @Test
    void vendorsProductsOfMicrosoftAndMachineKeysAreShared() {
        assertEquals(Reach.SHARED, reach("HKCU:\\Software\\Google", false));
        assertEquals(Reach.SHARED, reach("HKCU:\\Software\\Microsoft\\Office", false));
        assertEquals(Reach.SHARED, reach("HKCU:\\Control Panel\\Desktop", false));
        assertEquals(Reach.SHARED, reach("HKLM\\Software\\MyApp\\Test", true));
        assertEquals(Reach.SHARED, reach("HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\Run", false));
    }

    @Test
    void aProductsOwnKeyIsOwnAndDotDotClimbs() {
        assertEquals(Reach.OWN, reach("HKCU:\\Software\\MyApp\\Test", false));
        assertEquals(Reach.OWN, reach("'HKCU:/Software/MyApp/Test/'", false));
        assertEquals(Reach.SHARED, reach("HKCU:\\Software\\MyApp\\Test\\..", false));
        assertEquals(Reach.TOP, reach("HKCU:\\Software\\MyApp\\..\\..", false));
    }

    @Test
    void aCmdletWordNeedsTheDriveColonOrTheProvider() {
        assertNull(RegistryKey.parse("HKCU\\Software", false), "a relative file path for a cmdlet");
        assertEquals(List.of("Software"), RegistryKey.parse("HKCU\\Software", true).components());
        assertNull(RegistryKey.parse("C:\\Windows", true));
        assertNull(RegistryKey.parse("", true));
    }

    @Test
    void logonKeysAndMachineWideKeys() {
        assertTrue(RegistryKey.parse("HKCU:\\Software\\Microsoft\\Windows\\CurrentVersion\\RunOnce", false).startsProgramsAtLogon());
        assertFalse(RegistryKey.parse("HKCU:\\Software\\MyApp", false).startsProgramsAtLogon());
        assertTrue(RegistryKey.parse("HKLM:\\Software\\MyApp", false).machineWide());
        assertFalse(RegistryKey.parse("HKCU:\\Software\\MyApp", false).machineWide());
    }
}
