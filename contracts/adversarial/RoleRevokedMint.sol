// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice CLEAN (power given up): an AccessControl-style minter role. The deployer held MINTER and
/// ADMIN at creation and then renounced both, so nobody can mint or grant the role any more. owner()
/// is still the deployer (it can only set the pair). The mint must be reported as existing but NOT
/// usable now.
contract RoleRevokedMint is AdvBase {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant ADMIN_ROLE = 0x00;
    mapping(bytes32 => mapping(address => bool)) internal _roles;

    constructor(string memory n, string memory s) AdvBase(n, s) {
        _roles[MINTER_ROLE][msg.sender] = true;
        _roles[ADMIN_ROLE][msg.sender] = true;
    }

    function hasRole(bytes32 role, address a) external view returns (bool) {
        return _roles[role][a];
    }

    function grantRole(bytes32 role, address a) external {
        require(_roles[ADMIN_ROLE][msg.sender], "admin");
        _roles[role][a] = true;
    }

    function renounceRoles() external {
        _roles[MINTER_ROLE][msg.sender] = false;
        _roles[ADMIN_ROLE][msg.sender] = false;
    }

    function issue(address to, uint256 amount) external {
        require(_roles[MINTER_ROLE][msg.sender], "minter");
        _mint(to, amount);
    }
}
