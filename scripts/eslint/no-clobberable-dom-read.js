/**
 * ESLint rule `article-lens/no-clobberable-dom-read` (issue 16, DOM clobbering): in src/core and the
 * render probes, no property of a DOM node or document is read directly — `el.parentElement`,
 * `el.getAttribute(…)`, `doc.body`, `const { children } = el` — because a page can shadow it (a form's
 * named controls, a document's named images and forms). Reads go through `dom` of
 * src/core/dom/dom-read.ts, which calls the prototypes' getters and methods.
 *
 * It needs type information: a member is flagged when the type checker says it is declared, in the
 * TypeScript DOM library, on a node interface (Node, Element, Document, HTMLElement, the ParentNode and
 * ChildNode mixins…). Members of CharacterData and Text (`text.data`), Attr, the collections, TreeWalker,
 * CSSStyleDeclaration and DOMRect are not flagged: those objects have no named properties that win over
 * their built-ins.
 */

/** Interfaces of the DOM library whose members a page can shadow on an element or the document. */
const NODE_INTERFACES = new Set([
  'EventTarget',
  'Node',
  'Element',
  'Document',
  'DocumentFragment',
  'ShadowRoot',
  'ParentNode',
  'ChildNode',
  'NonDocumentTypeChildNode',
  'NonElementParentNode',
  'DocumentOrShadowRoot',
  'DocumentAndElementEventHandlers',
  'GlobalEventHandlers',
  'InnerHTML',
  'Slottable',
  'ARIAMixin',
  'Animatable',
  'ElementCSSInlineStyle',
  'ElementContentEditable',
  'HTMLOrSVGElement',
  'HTMLHyperlinkElementUtils',
  'LinkStyle',
  'XPathEvaluatorBase',
  'FontFaceSource',
]);
const ELEMENT_INTERFACE = /^(?:HTML|SVG|MathML)\w*Element$/;

/** @type {import('eslint').Rule.RuleModule} */
export const noClobberableDomRead = {
  meta: {
    type: 'problem',
    docs: { description: 'Read DOM nodes through src/core/dom/dom-read.ts: a page can shadow their properties (DOM clobbering).' },
    messages: {
      read: "'{{name}}' of a DOM {{owner}} is read directly: a form control or named element of the page can shadow it (DOM clobbering). Use dom.{{name}}(…) from src/core/dom/dom-read.ts.",
    },
    schema: [],
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program || !services.esTreeNodeToTSNodeMap) {
      throw new Error('article-lens/no-clobberable-dom-read needs type information (parserOptions.project)');
    }
    const program = services.program;
    const checker = program.getTypeChecker();

    /** The DOM node interface that declares `name` on `type` (or one member of a union), or null. */
    function declaringInterface(type, name) {
      const parts = type.isUnion() ? type.types : [type];
      for (const part of parts) {
        const symbol = checker.getPropertyOfType(checker.getApparentType(part), name);
        for (const decl of symbol?.declarations ?? []) {
          if (!program.isSourceFileDefaultLibrary(decl.getSourceFile())) continue;
          const owner = decl.parent?.name?.text;
          if (owner && (NODE_INTERFACES.has(owner) || ELEMENT_INTERFACE.test(owner))) return owner;
        }
      }
      return null;
    }

    function check(reportOn, objectNode, name) {
      const tsObject = services.esTreeNodeToTSNodeMap.get(objectNode);
      const owner = declaringInterface(checker.getTypeAtLocation(tsObject), name);
      if (owner) context.report({ node: reportOn, messageId: 'read', data: { name, owner } });
    }

    function keyName(node, computed) {
      if (!computed && node.type === 'Identifier') return node.name;
      if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
      return null;
    }

    return {
      MemberExpression(node) {
        if (node.object.type === 'Super') return;
        const name = keyName(node.property, node.computed);
        if (name) check(node.property, node.object, name);
      },
      ObjectPattern(node) {
        for (const prop of node.properties) {
          if (prop.type !== 'Property') continue;
          const name = keyName(prop.key, prop.computed);
          if (name) check(prop.key, node, name);
        }
      },
    };
  },
};

export default { rules: { 'no-clobberable-dom-read': noClobberableDomRead } };
