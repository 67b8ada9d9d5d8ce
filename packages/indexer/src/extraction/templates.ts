// Domain extraction templates in the TAdaRAG sense (intent detection → template naming the
// entity types and relation patterns to extract). A general template plus five domains.
import type { DomainTemplate } from '@rag/core';

export const GENERAL_TEMPLATE: DomainTemplate = {
  domain: 'general',
  description: 'Encyclopedic text: people, places, organisations, works, events and how they relate.',
  entityTypes: ['Person', 'Place', 'Organization', 'Work', 'Event', 'Date', 'Concept'],
  relations: [
    { relation: 'is_a', description: 'class membership or description ("X is a Y")' },
    { relation: 'born_in', head: 'Person', tail: 'Place' },
    { relation: 'born_on', head: 'Person', tail: 'Date' },
    { relation: 'located_in', head: 'Place', tail: 'Place' },
    { relation: 'member_of', head: 'Person', tail: 'Organization' },
    { relation: 'created_by', head: 'Work', tail: 'Person' },
    { relation: 'part_of' },
    { relation: 'founded_by', head: 'Organization', tail: 'Person' },
  ],
};

export const NEWS_TEMPLATE: DomainTemplate = {
  domain: 'news',
  description: 'News reporting: who did what, where and when; statements and events.',
  entityTypes: ['Person', 'Organization', 'Place', 'Event', 'Date', 'Quote'],
  relations: [
    { relation: 'participated_in', head: 'Person', tail: 'Event' },
    { relation: 'occurred_in', head: 'Event', tail: 'Place' },
    { relation: 'occurred_on', head: 'Event', tail: 'Date' },
    { relation: 'said', head: 'Person', tail: 'Quote' },
    { relation: 'works_for', head: 'Person', tail: 'Organization' },
    { relation: 'announced', head: 'Organization', tail: 'Event' },
  ],
};

export const LEGAL_TEMPLATE: DomainTemplate = {
  domain: 'legal',
  description: 'Statutes, contracts and cases: parties, provisions, obligations, courts and rulings.',
  entityTypes: ['Party', 'Court', 'Case', 'Statute', 'Provision', 'Obligation', 'Date', 'Jurisdiction'],
  relations: [
    { relation: 'party_to', head: 'Party', tail: 'Case' },
    { relation: 'decided_by', head: 'Case', tail: 'Court' },
    { relation: 'cites', head: 'Case', tail: 'Statute' },
    { relation: 'obliges', head: 'Provision', tail: 'Party' },
    { relation: 'amends', head: 'Statute', tail: 'Statute' },
    { relation: 'governed_by', head: 'Case', tail: 'Jurisdiction' },
    { relation: 'effective_on', head: 'Provision', tail: 'Date' },
  ],
};

export const MEDICAL_TEMPLATE: DomainTemplate = {
  domain: 'medical',
  description: 'Clinical and biomedical text: diseases, drugs, symptoms, genes, procedures.',
  entityTypes: ['Disease', 'Drug', 'Symptom', 'Gene', 'Procedure', 'Anatomy', 'Dosage'],
  relations: [
    { relation: 'treats', head: 'Drug', tail: 'Disease' },
    { relation: 'causes', head: 'Disease', tail: 'Symptom' },
    { relation: 'side_effect_of', head: 'Symptom', tail: 'Drug' },
    { relation: 'associated_with', head: 'Gene', tail: 'Disease' },
    { relation: 'diagnosed_by', head: 'Disease', tail: 'Procedure' },
    { relation: 'affects', head: 'Disease', tail: 'Anatomy' },
    { relation: 'has_dosage', head: 'Drug', tail: 'Dosage' },
  ],
};

export const FINANCE_TEMPLATE: DomainTemplate = {
  domain: 'finance',
  description: 'Markets and companies: firms, instruments, metrics, prices, currencies and periods.',
  entityTypes: ['Company', 'Person', 'Instrument', 'Currency', 'Metric', 'Amount', 'Period', 'Market'],
  relations: [
    { relation: 'reported', head: 'Company', tail: 'Metric' },
    { relation: 'has_value', head: 'Metric', tail: 'Amount' },
    { relation: 'in_period', head: 'Metric', tail: 'Period' },
    { relation: 'acquired', head: 'Company', tail: 'Company' },
    { relation: 'traded_on', head: 'Instrument', tail: 'Market' },
    { relation: 'denominated_in', head: 'Instrument', tail: 'Currency' },
    { relation: 'executive_of', head: 'Person', tail: 'Company' },
  ],
};

export const SCHOLARLY_TEMPLATE: DomainTemplate = {
  domain: 'scholarly',
  description: 'Academic literature: papers, authors, venues, institutions, methods, datasets, results.',
  entityTypes: ['Paper', 'Author', 'Venue', 'Institution', 'Method', 'Dataset', 'Metric', 'Year'],
  relations: [
    { relation: 'authored_by', head: 'Paper', tail: 'Author' },
    { relation: 'published_in', head: 'Paper', tail: 'Venue' },
    { relation: 'published_year', head: 'Paper', tail: 'Year' },
    { relation: 'affiliated_with', head: 'Author', tail: 'Institution' },
    { relation: 'cites', head: 'Paper', tail: 'Paper' },
    { relation: 'proposes', head: 'Paper', tail: 'Method' },
    { relation: 'evaluated_on', head: 'Method', tail: 'Dataset' },
    { relation: 'reports', head: 'Paper', tail: 'Metric' },
  ],
};

export const DOMAIN_TEMPLATES: readonly DomainTemplate[] = Object.freeze([
  GENERAL_TEMPLATE,
  NEWS_TEMPLATE,
  LEGAL_TEMPLATE,
  MEDICAL_TEMPLATE,
  FINANCE_TEMPLATE,
  SCHOLARLY_TEMPLATE,
]);

export function templateFor(domain: string, templates: readonly DomainTemplate[] = DOMAIN_TEMPLATES): DomainTemplate {
  return templates.find((t) => t.domain === domain) ?? templates.find((t) => t.domain === 'general') ?? GENERAL_TEMPLATE;
}
