// The PHP table against the real grammar and the extraction engine.
import { tableSuite } from './table-kit.ts';

tableSuite('php', {
  labels: [
    { file: 'src/Cart.php', text: '<?php', type: 'php_tag', label: 'Program Structure / entry' },
    { file: 'src/Cart.php', text: 'declare(strict_types=1);', type: 'declare_statement', label: 'Preprocessing Directive / macro' },
    { file: 'src/Cart.php', text: 'namespace App\\Shop;', type: 'namespace_definition', label: 'Program Structure / namespace' },
    { file: 'src/Cart.php', text: 'use App\\Shop\\Item;', type: 'namespace_use_declaration', label: 'Program Structure / import' },
    { file: 'src/Cart.php', text: '// Total price in cents.', type: 'comment', label: 'Comments and Documentation / single-line' },
    { file: 'src/Cart.php', text: 'private', type: 'visibility_modifier', label: 'Modifier and Attribute / access' },
    { file: 'src/Cart.php', text: 'static', type: 'static_modifier', label: 'Modifier and Attribute / other' },
    { file: 'src/Cart.php', text: 'new self($logger)', type: 'object_creation_expression', label: 'Expression / object creation' },
    { file: 'src/Cart.php', text: "(int) $row['price']", type: 'cast_expression', label: 'Expression / cast' },
    { file: 'src/Cart.php', text: "fn($row) => $row['item']->price() * $row['qty']", type: 'arrow_function', label: 'Special Language Structure / lambda' },
    { file: 'src/Cart.php', text: '$this->items', type: 'member_access_expression', label: 'Identifier and Scope / qualified name' },
    { file: 'src/Cart.php', text: "Item::make($row['name'], (int) $row['price'])", type: 'scoped_call_expression', label: 'Expression / call' },
    { file: 'src/helpers.php', text: '<!DOCTYPE html>\n<title>helpers</title>\n', type: 'text', label: 'Statement / other' },
    { file: 'src/helpers.php', text: "match (true) { $total > 5 => 'big', default => 'small' }", type: 'match_expression', label: 'Special Language Structure / pattern matching' },
    { file: 'src/helpers.php', text: '$i++', type: 'update_expression', label: 'Expression / operation' },
    { file: 'src/helpers.php', text: 'throw new \\DivisionByZeroError("zero")', type: 'throw_expression', label: 'Control Flow Structure / exception' },
    { file: 'src/helpers.php', text: 'continue;', type: 'continue_statement', label: 'Control Flow Structure / jump' },
    { file: 'src/helpers.php', text: 'null', type: 'null', label: 'Data Type / special value' },
  ],
  // `namespace X;` qualifies the rest of the file; `private` methods are file-local; `#` comments are docstrings too.
  extraction: {
    'src/Cart.php': {
      imports: [
        { target: '/helpers.php', bindings: [], resolve: 'include', line: 6, wildcard: true },
        { target: 'config.php', bindings: [], resolve: 'include', line: 7, wildcard: true },
        { target: 'App\\Shop\\Item', bindings: ['Item'], resolve: 'dotted-module', line: 9 },
        { target: 'Psr\\Log\\LoggerInterface', bindings: ['Logger'], resolve: 'dotted-module', line: 10 },
      ],
      functions: [
        {
          qualifiedName: 'App\\Shop::Cart::__construct', kind: 'constructor', span: '20:5-22:6', body: '21:5-22:6',
          signature: 'public function __construct(private Logger $logger)',
          doc: null, params: 1,
          calls: [],
        },
        {
          qualifiedName: 'App\\Shop::Cart::add', kind: 'method', span: '27:5-32:6', body: '28:5-32:6',
          signature: 'public function add(Item $item, int $qty = 1): int',
          doc: 'Adds an item and returns the new count.', params: 2,
          calls: ['$this->logger.info(1)@30:9', 'sprintf(2)@30:29', '$item.name(0)@30:49', 'count(1)@31:16'],
        },
        {
          qualifiedName: 'App\\Shop::Cart::total', kind: 'method', span: '35:5-38:6', body: '36:5-38:6',
          signature: 'public function total(): int',
          doc: 'Total price in cents.', params: 0,
          calls: ['array_sum(1)@37:16', 'array_map(2)@37:26', '$row[\'item\'].price(0)@37:48'],
        },
        {
          qualifiedName: 'App\\Shop::Cart::count', kind: 'method', span: '40:5-43:6', body: '41:5-43:6',
          signature: 'public function count(): int',
          doc: null, params: 0,
          calls: ['count(1)@42:16'],
        },
        {
          qualifiedName: 'App\\Shop::Cart::fromRows', kind: 'method', span: '46:5-53:6', body: '47:5-53:6',
          signature: 'public static function fromRows(array $rows, Logger $logger): self',
          doc: 'Builds a cart from rows.', params: 2,
          calls: ['self(1)@48:17', '$cart.add(1)@50:13', 'Item.make(2)@50:24'],
        },
        {
          qualifiedName: 'App\\Shop::Cart::log', kind: 'method', span: '55:5-59:6', body: '56:5-59:6',
          signature: 'private function log(string $message): void',
          doc: null, params: 1, fileLocal: true,
          calls: ['$this->logger.debug(1)@57:9', 'self.audit(1)@58:9'],
        },
      ],
    },
    'src/helpers.php': {
      imports: [],
      functions: [
        {
          qualifiedName: 'money_format_cents', kind: 'function', span: '5:1-8:2', body: '6:1-8:2',
          signature: 'function money_format_cents(int $cents): string',
          doc: 'Formats cents as money.', params: 1,
          calls: ['number_format(2)@7:12'],
        },
        {
          qualifiedName: 'safe_div', kind: 'function', span: '11:1-27:2', body: '12:1-27:2',
          signature: 'function safe_div($a, $b)',
          doc: 'Safe division.', params: 2,
          calls: ['DivisionByZeroError(1)@15:19', 'intdiv(2)@21:16'],
        },
      ],
      declarations: ['price', 'name'],
    },
  },
  broken: {
    text: '<?php\nfunction good_one() {\n    return 1;\n}\n\nfunction broken($x) {\n    $y = ;\n}\n\nfunction good_two() {\n    return 2;\n}\n',
    functions: ['good_one', 'broken', 'good_two'],
  },
});
