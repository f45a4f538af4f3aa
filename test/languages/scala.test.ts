// The Scala table against the real grammar and the extraction engine.
import { tableSuite } from './table-kit.ts';

tableSuite('scala', {
  labels: [
    { file: 'Orders.scala', text: 'package shop.orders', type: 'package_clause', label: 'Program Structure / namespace' },
    { file: 'Orders.scala', text: 'import scala.collection.mutable', type: 'import_declaration', label: 'Program Structure / import' },
    { file: 'Orders.scala', text: '/** An order line. */', type: 'block_comment', label: 'Comments and Documentation / multi-line' },
    { file: 'Orders.scala', text: '// Sum of all line totals.', type: 'comment', label: 'Comments and Documentation / single-line' },
    { file: 'Orders.scala', text: 'case class Line(sku: String, qty: Int, price: Money)', type: 'class_definition', label: 'Declaration and Definition / class' },
    { file: 'Orders.scala', text: 'new Order(id)', type: 'instance_expression', label: 'Expression / object creation' },
    // The grammar lets a case clause run up to the next token.
    { file: 'Orders.scala', text: 'case _ => throw new IllegalArgumentException(pair)\n      ', type: 'case_clause', label: 'Special Language Structure / pattern matching' },
    { file: 'Orders.scala', text: 'l => l.price * l.qty', type: 'lambda_expression', label: 'Special Language Structure / lambda' },
    { file: 'Orders.scala', text: 'l.price * l.qty', type: 'infix_expression', label: 'Expression / operation' },
    { file: 'Orders.scala', text: 'Logger.info', type: 'field_expression', label: 'Identifier and Scope / qualified name' },
    { file: 'Orders.scala', text: 'private', type: 'access_modifier', label: 'Modifier and Attribute / access' },
    { file: 'Orders.scala', text: 's"Order($id)"', type: 'interpolated_string_expression', label: 'Data Type / string' },
    { file: 'Orders.scala', text: 'val order = new Order(id)', type: 'val_definition', label: 'Declaration and Definition / variable' },
    { file: 'Orders.scala', text: 'Array[String]', type: 'generic_type', label: 'Data Type / generic' },
    { file: 'util/Money.scala', text: '()', type: 'unit', label: 'Data Type / special value' },
    { file: 'util/Money.scala', text: 'true', type: 'boolean_literal', label: 'Data Type / boolean' },
    { file: 'util/Money.scala', text: '@deprecated("old", "1.0")', type: 'annotation', label: 'Modifier and Attribute / annotation' },
  ],
  // Every segment of an import path is its own node: the target spans them; `new T(..)` calls T.
  extraction: {
    'Orders.scala': {
      imports: [
        { target: 'scala.collection.mutable', bindings: ['mutable'], resolve: 'dotted-module', line: 3 },
        { target: 'shop.util', bindings: ['Money', 'Logger'], resolve: 'dotted-module', line: 4 },
      ],
      functions: [
        {
          qualifiedName: 'shop.orders.Order.add', kind: 'method', span: '16:3-20:4', body: '16:30-20:4',
          signature: 'def add(line: Line): Int =',
          doc: 'Adds a line; returns the line count.', params: 1,
          calls: ['Logger.info(1)@18:5'],
        },
        {
          qualifiedName: 'shop.orders.Order.total', kind: 'method', span: '23:3-23:81', body: '23:22-23:81',
          signature: 'def total: Money =',
          doc: 'Sum of all line totals.', params: null,
          calls: ['lines.map(l => l.price * l.qty).foldLeft(1)@23:22', 'lines.map(1)@23:22'],
        },
        {
          qualifiedName: 'shop.orders.Order.toString', kind: 'method', span: '25:3-25:48', body: '25:35-25:48',
          signature: 'override def toString: String =',
          doc: null, params: null,
          calls: [],
        },
        {
          qualifiedName: 'shop.orders.Pricing.label', kind: 'method', span: '30:3-30:33', body: '30:23-30:33',
          signature: 'def label: String =',
          doc: null, params: null,
          calls: [],
        },
        {
          qualifiedName: 'shop.orders.Order.parse', kind: 'method', span: '35:3-44:4', body: '35:48-44:4',
          signature: 'def parse(id: String, text: String): Order =',
          doc: 'Parses "sku:qty" pairs.', params: 2,
          calls: ['Order(1)@36:17', 'text.split(1)@37:18', 'pair.split(1)@38:7', 'order.add(1)@39:33', 'Line(3)@39:43', 'Money(1)@39:64', 'IllegalArgumentException(1)@40:25'],
        },
        {
          qualifiedName: 'shop.orders.Order.main', kind: 'method', span: '46:3-49:4', body: '46:41-49:4',
          signature: 'def main(args: Array[String]): Unit =',
          doc: null, params: 1,
          calls: ['parse(2)@47:13', 'println(1)@48:5'],
        },
      ],
      declarations: ['discount'],
    },
    'util/Money.scala': {
      imports: [],
      functions: [
        {
          qualifiedName: 'shop.util.Money.*', kind: 'method', span: '5:3-5:42', body: '5:26-5:42',
          signature: 'def *(n: Int): Money =',
          doc: null, params: 1,
          calls: ['Money(1)@5:26'],
        },
        {
          qualifiedName: 'shop.util.Money.+', kind: 'method', span: '6:3-6:58', body: '6:32-6:58',
          signature: 'def +(other: Money): Money =',
          doc: null, params: 1,
          calls: ['Money(1)@6:32'],
        },
        {
          qualifiedName: 'shop.util.Log.info', kind: 'method', span: '15:3-15:57', body: '15:33-15:57',
          signature: 'def info(msg: String): Unit =',
          doc: 'Prints an info line.', params: 1,
          calls: ['println(1)@15:33'],
        },
        {
          qualifiedName: 'shop.util.Log.retry', kind: 'method', span: '17:3-29:4', body: '17:53-29:4',
          signature: 'def retry[A](times: Int)(body: => A): Option[A] =',
          doc: null, params: 2,
          calls: ['Some(1)@21:16'],
        },
        {
          qualifiedName: 'shop.util.topLevel', kind: 'function', span: '40:1-40:71', body: '40:33-40:71',
          signature: 'def topLevel(x: Int): Boolean =',
          doc: null, params: 1,
          calls: [],
        },
      ],
    },
  },
  broken: {
    // The broken definition also breaks the object: the functions after it lose their `A.` qualifier.
    text: 'object A {\n  def goodOne(): Int = 1\n\n  def broken(x: Int = {\n    val y = )\n  }\n\n  def goodTwo(): Int = 2\n}\n',
    functions: ['A.goodOne', 'goodTwo'],
  },
});
