export { NotFound as Component } from '../../../components/layout/not-found';
