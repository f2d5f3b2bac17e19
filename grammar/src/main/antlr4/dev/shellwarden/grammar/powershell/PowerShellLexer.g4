// Tokens of PowerShell for the splitter (Windows PowerShell 5.1 and PowerShell 7).
//
// The lexer is deliberately mode-free: PowerShell's argument mode and expression mode are told
// apart by the splitter from the shape of a command element (see docs/grammar-powershell.md), and
// adjacent tokens (no blank between them) are glued into one argument by the splitter, as
// PowerShell does in argument mode (`C:\$name\x`, `-Path:(Get-Location)`, `a"b"'c'`).
//
// Strings, here-strings, variables and comments are whole tokens. Anything this lexer does not
// model lexes as ERROR_CHAR, which no parser rule accepts: a syntax error, hence an opaque
// segment, never a guess. Letters match case-insensitively.
lexer grammar PowerShellLexer;

options { caseInsensitive = true; superClass = PowerShellLexerBase; }

@members {
    @Override
    protected int errorType() {
        return ERROR_CHAR;
    }
}

// ---- layout -------------------------------------------------------------------------------
// A backtick at the end of a line continues the statement on the next line.
LINE_CONTINUATION : '`' '\r'? '\n' -> channel(HIDDEN) ;
NEWLINE           : '\r'? '\n' | '\r' ;
BLANK             : [ \t\f\u000B\u00A0\u0085\u1680\u2000-\u200A\u202F\u205F\u3000]+ -> channel(HIDDEN) ;
BLOCK_COMMENT     : '<#' .*? '#>' -> channel(HIDDEN) ;
COMMENT           : '#' ~[\r\n]* -> channel(HIDDEN) ;

// ---- operators ----------------------------------------------------------------------------
AND_AND   : '&&' ;
OR_OR     : '||' ;
PIPE      : '|' ;
SEMI      : ';' ;
AMP       : '&' ;
COMMA     : ',' ;
// Stop-parsing token: the rest of the line (up to a pipe) goes to the program unparsed.
STOP_PARSING : '--%' ~[\r\n|]* ;
// Output redirections: `>`, `>>`, `2>`, `*>>`, `2>&1`, `*>&1`. Input redirection does not exist.
REDIRECT  : [1-6*]? '>' '>'? | [1-6*] '>&' [1-6] ;
ASSIGN    : '=' | [+\-*/%] '=' | '??=' ;

// ---- groups -------------------------------------------------------------------------------
SUBEXPR_OPEN : '$(' ;
ARRAY_OPEN   : '@(' ;
HASH_OPEN    : '@{' ;
LPAREN       : '(' ;
RPAREN       : ')' ;
LBRACE       : '{' ;
RBRACE       : '}' ;

// ---- strings ------------------------------------------------------------------------------
// A here-string's terminator stands at the start of a line.
HERE_SQ   : '@' SQ [ \t]* NL (.*? NL)? SQ '@' ;
HERE_DQ   : '@' DQ [ \t]* NL (.*? NL)? DQ '@' ;
SQ_STRING : SQ_BODY ;
// The rest of an expandable string, with its nested subexpressions, is read by the base class
// in one linear pass (see PowerShellLexerBase for why it is not a recursive lexer rule).
DQ_STRING : DQ { scanExpandableString(); } ;

// ---- variables ----------------------------------------------------------------------------
// $name, $scope:name, $env:PATH, ${any text}, and the punctuation variables $$ $? $^.
VARIABLE  : '$' ( VAR_CHAR+ ( ':' VAR_CHAR+ )? | '{' ( ~[}`] | '`' . )* '}' | [$?^] ) ;
SPLAT     : '@' VAR_CHAR+ ;
// A lone dollar (followed by a blank or an operator) is a literal character.
DOLLAR    : '$' ;

// ---- generic tokens -----------------------------------------------------------------------
// A bare word: command names, parameters, arguments, numbers, operators, member access, type
// literals. It never starts with `=` or with an operator character followed by `=`, so that
// `$x+=1` and `$x=rm` lex an ASSIGN.
WORD      : WORD_HEAD WORD_TAIL* | OP_CHAR | OP_CHAR WORD_NOEQ WORD_TAIL* ;

ERROR_CHAR : . ;

fragment NL        : '\r'? '\n' ;
fragment SQ        : ['\u2018\u2019\u201A\u201B] ;
fragment DQ        : ["\u201C\u201D\u201E] ;
fragment SQ_BODY   : SQ ( ~['\u2018\u2019\u201A\u201B] | SQ SQ )* SQ ;
fragment VAR_CHAR  : [\p{L}\p{Nd}_?] ;
fragment OP_CHAR   : [+\-*/%] ;
fragment ESC       : '`' ~[\r\n] ;
// Characters that end a bare word: blanks, newlines, structure, quotes, `$`, redirections.
fragment WORD_HEAD : ~[ \t\f\u000B\u00A0\u0085\r\n;|&(){},'"\u2018\u2019\u201A\u201B\u201C\u201D\u201E`$<>=#@+\-*/%] | ESC ;
fragment WORD_TAIL : ~[ \t\f\u000B\u00A0\u0085\r\n;|&(){},'"\u2018\u2019\u201A\u201B\u201C\u201D\u201E`$<>] | ESC ;
fragment WORD_NOEQ : ~[ \t\f\u000B\u00A0\u0085\r\n;|&(){},'"\u2018\u2019\u201A\u201B\u201C\u201D\u201E`$<>=] | ESC ;
